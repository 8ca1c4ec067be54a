import { RESOURCE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../http/errors';
import { UNAVAILABLE_ERRNO } from '../http/network-errors';

export const STORAGE_FULL_MESSAGE = RESOURCE_MESSAGES.storageFull;
export const DATABASE_FULL_MESSAGE = RESOURCE_MESSAGES.databaseFull;

/** S3-compatible answers for a full store: MinIO's `XMinioStorageFull`, and HTTP 507 from any of them. */
const S3_FULL_NAMES = new Set(['XMinioStorageFull', 'InsufficientStorage', 'StorageFull']);

/**
 * True when the error, or one in its `cause` chain, says the disk (or the quota, or the object store) is full:
 * ENOSPC and EDQUOT from the file system (local uploads, PGlite's own files), SQLSTATE 53100 disk_full from
 * PostgreSQL, the same words when only the message carries them, and the S3 answers above.
 */
export const isOutOfSpace = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const { code, errno, message, name, $metadata } = current as { code?: unknown; errno?: unknown; message?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } };
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    // Emscripten's file system (PGlite) throws ErrnoError with a numeric errno: 51 is its ENOSPC.
    if (name === 'ErrnoError' && errno === 51) return true;
    if (typeof message === 'string' && /No space left on device|Disk quota exceeded|could not extend file/i.test(message)) return true;
    if (typeof name === 'string' && S3_FULL_NAMES.has(name)) return true;
    if ($metadata?.httpStatusCode === 507) return true;
  }
  return false;
};

export const storageFull = (): HttpError => new HttpError(507, 'storage_full', STORAGE_FULL_MESSAGE);
export const databaseFull = (): HttpError => new HttpError(503, 'database_full', DATABASE_FULL_MESSAGE);

/** The AWS SDK's names for a request that never got an answer from the store. */
const S3_UNREACHABLE_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'NetworkingError']);

/**
 * True when the file storage could not be reached (an S3 endpoint refused, reset or timed out). Told apart here, at
 * the storage's own calls, because the same socket errors from the database mean a database outage: left to the
 * error handler, an unreachable store was reported as 'We could not reach our database'.
 */
export const isStorageUnreachable = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_ERRNO.has(code)) return true;
    if (typeof name === 'string' && S3_UNREACHABLE_NAMES.has(name)) return true;
  }
  return false;
};

export const STORAGE_UNAVAILABLE_MESSAGE = RESOURCE_MESSAGES.storageUnavailable;
export const storageUnavailable = (): HttpError => new HttpError(503, 'storage_unavailable', STORAGE_UNAVAILABLE_MESSAGE);

/** A storage call's failure as the person should hear it: full (507), unreachable (503), or as it is. */
export const storageFailure = (error: unknown): unknown => (isOutOfSpace(error) ? storageFull() : isStorageUnreachable(error) ? storageUnavailable() : error);
