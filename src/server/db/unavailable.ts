import { RESOURCE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../http/errors';
import { isOutOfSpace } from '../storage/out-of-space';

/** What a person is told when the database dropped or refused their request's connection. */
export const DATABASE_UNAVAILABLE_MESSAGE = RESOURCE_MESSAGES.databaseUnavailable;

/**
 * SQLSTATEs that mean the connection, not the statement, failed: class 08 (connection exception), 57P01–57P03
 * (administrator or crash shutdown, cannot connect now: a `pg_terminate_backend`, a restart, a failover) and
 * 53300 (too many connections). A request that met one of these did not commit; trying again is the answer.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;

/** Errors node-postgres, pg-pool and the socket layer raise when the server went away or never answered. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
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
