/**
 * Our CSP forbids eval. Unless told to run "jitless", zod probes for eval with `new Function` the first time it
 * checks an object, and Chrome reports that as a CSP violation (Lighthouse: best practices, inspector issues).
 * zod keeps its global configuration in `globalThis.__zod_globalConfig` and adopts an object already there, so
 * the entry sets it before any chunk with zod loads, without pulling zod into the entry chunk (3 KB gzipped).
 * zod-jitless.test.ts checks that zod still reads it.
 */
export const preferJitlessZod = (): void => {
  const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
  (holder.__zod_globalConfig ??= {}).jitless = true;
};
