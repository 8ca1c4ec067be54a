/**
 * Packages that only some requests or some configurations use, loaded on first use instead of at start (decision
 * 111): image processing, PDF writing, the Content Credentials reader, the S3 client, Redis, SMTP, Stripe. Each costs the
 * server's resident memory from the moment it is imported (10–30 MB apiece measured alone), and an idle server, or
 * one configured without S3 or Redis, never needs them. A failed import is kept: a missing package stays missing.
 */
const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
};

export const loadSharp = once(async () => (await import('sharp')).default);
export const loadFileType = once(() => import('file-type'));
export const loadPdfLib = once(() => import('pdf-lib'));
export const loadS3 = once(() => import('@aws-sdk/client-s3'));
export const loadRedis = once(async () => (await import('ioredis')).Redis);
export const loadStripe = once(async () => (await import('stripe')).default);
export const loadNodemailer = once(async () => (await import('nodemailer')).default);
export const loadC2pa = once(async () => {
  const [asset, jumbf, manifest] = await Promise.all([import('@trustnxt/c2pa-ts/asset'), import('@trustnxt/c2pa-ts/jumbf'), import('@trustnxt/c2pa-ts/manifest')]);
  return { ...asset, ...jumbf, ...manifest };
});
