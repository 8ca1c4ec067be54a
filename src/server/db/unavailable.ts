import { RESOURCE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../http/errors';
import { isOutOfSpace } from '../storage/out-of-space';
import { UNAVAILABLE_ERRNO } from '../http/network-errors';

/** What a person is told when the database dropped or refused their request's connection. */
export const DATABASE_UNAVAILABLE_MESSAGE = RESOURCE_MESSAGES.databaseUnavailable;

/**
 * SQLSTATEs that mean the connection, not the statement, failed: class 08 (connection exception), 57P01–57P03
 * (administrator or crash shutdown, cannot connect now: a `pg_terminate_backend`, a restart, a failover) and
 * 53300 (too many connections). A request that met one of these inside its transaction did not commit, and trying
 * again is the answer; one that met it after its commit, reading back what to answer, goes through `readAfterCommit`.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed',
  'Cannot use a pool after calling end',
  // 55000 in general means something else; in this sentence it is a database closed to connections for maintenance.
  'is not currently accepting connections',
];

/**
 * True when the error, or any error in its `cause` chain (Drizzle and better-auth wrap the driver's error),
 * says the database connection was lost or could not be made.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((fragment) => message.includes(fragment))) return true;
  }
  return false;
};

export const databaseUnavailable = (): HttpError => new HttpError(503, 'database_unavailable', DATABASE_UNAVAILABLE_MESSAGE);

/**
 * For a service that turns its failures into its own message: a lost connection, or a database out of disk, is still
 * reported as what it is. The original error goes on to the error handler, which answers 503 for either and tells
 * health about the second.
 */
export const rethrowIfDatabaseUnavailable = (error: unknown): void => {
  if (isDatabaseUnavailable(error) || isOutOfSpace(error)) throw error;
};

/** A change that committed, whose answer could not be read back: 503, saying it is kept (not "try again"). */
export const savedNotShown = (): HttpError => new HttpError(503, 'saved_not_shown', RESOURCE_MESSAGES.savedNotShown);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The read that builds a write's answer, after the write committed. A dropped connection fails only that read, and
 * the pool has a new one a moment later, so the read is tried again (three times in about a second). If the database
 * stays away, the answer says the change was saved: "try again" would make a second project, a second process doc,
 * or a 409 for a step already taken.
 */
export const readAfterCommit = async <T>(read: () => Promise<T>, { attempts = 3, waitMs = 200 }: { attempts?: number; waitMs?: number } = {}): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (attempt >= attempts) throw savedNotShown();
      await pause(waitMs * attempt);
    }
  }
};

/** Whether a write whose transaction threw is in the database after all. */
export type WriteOutcome = 'rolled_back' | 'committed' | 'unknown';

/**
 * A statement error rolled the write back. A lost connection may have lost only the answer to its COMMIT, so the
 * outcome is read off the database: `probe` reads whether the row the write makes is there, retried as a read-back
 * is. If the database stays away, nobody can tell yet.
 */
export const outcomeOfFailedWrite = async (error: unknown, probe: () => Promise<boolean>): Promise<WriteOutcome> => {
  if (!isDatabaseUnavailable(error)) return 'rolled_back';
  try {
    return (await readAfterCommit(probe)) ? 'committed' : 'rolled_back';
  } catch {
    return 'unknown';
  }
};
