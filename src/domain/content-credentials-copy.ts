/** What the Content Credentials mark says (content-credentials.ts holds the schema). */
export const CONTENT_CREDENTIALS_MESSAGES = {
  aiDeclared: "The file's Content Credentials declare generative AI",
  nearCopy: "It closely resembles another creator's image",
  mark: 'Content Credentials',
  /** Before a date the file's own actions state, where no checked time-stamp gives one. */
  statedDate: 'Stated in the file:',
} as const;

/** A short name for an action label: 'c2pa.color_adjustments' → 'color adjustments'. */
export const describeAction = (action: string): string => action.replace(/^c2pa\./, '').replace(/[._]/g, ' ');
