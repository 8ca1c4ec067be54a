/** A public web address: http(s) with a dotted host (no `javascript:`, `data:` or bare host names). No zod here, so
 * pages can use it without loading the schema library. */
export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};
