/**
 * Socket errors that mean the other end went away or never answered: node-postgres, pg-pool and the AWS SDK raise
 * them from the same socket layer. The database (db/unavailable.ts) and the file storage (storage/out-of-space.ts)
 * each read them off their own calls.
 */
export const UNAVAILABLE_ERRNO: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
