import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable';
import { HttpError } from '../http/errors';
import { databaseFull, isOutOfSpace } from '../storage/out-of-space';

const fieldName = (instancePath: string): string => instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';

/** The answer to invalid input, whoever found it: the first field's message, and every field's message. */
export const validationFailed = (fields: Record<string, string>): HttpError =>
  new HttpError(400, 'validation_error', Object.values(fields)[0] ?? 'Invalid request', fields);

/**
 * PostgreSQL refuses text it cannot store in UTF-8: a NUL character (22021, character_not_in_repertoire) or a
 * `\u0000` escape in JSON (22P05, untranslatable_character). That is the caller's input, not our fault.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/**
 * PostgreSQL broke a tie between two transactions by rolling one back: a deadlock (40P01) or, under stricter
 * isolation, a serialization failure (40001). Nothing of the request was kept, and it met someone else's change.
 */
const CONCURRENT_CHANGE_CODES = new Set(['40P01', '40001']);
export const CONCURRENT_CHANGE_MESSAGE = 'Someone else changed this at the same moment. Please refresh and try again.';

/** The first SQLSTATE of `codes`, looked for down the `cause` chain (Drizzle wraps the driver's error). */
const sqlStateIn = (error: unknown, codes: ReadonlySet<string>): string | null => {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return code;
  }
  return null;
};

/** One error format for the whole API: `{ error, message, fields? }`; 5xx details never leave the server. */
export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath);
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      return reply.status(400).send(validationFailed(fields).toBody());
    }
    const databaseCode = sqlStateIn(error, UNSTORABLE_TEXT_CODES);
    if (databaseCode) {
      // A backstop: the NUL check in plugins/security.ts should have refused this input before it got here.
      request.log.warn({ code: databaseCode }, 'database refused unstorable text');
      return reply.status(400).send({ error: 'bad_request', message: 'The request contains characters that cannot be stored.' });
    }
    const concurrentCode = sqlStateIn(error, CONCURRENT_CHANGE_CODES);
    if (concurrentCode) {
      // A backstop: every transition takes its locks in one order (project, then milestone, decision 193), so this
      // should not happen; if it does, the person is told what a stale read tells them, not that we failed.
      request.log.warn({ code: concurrentCode, err: error }, 'transaction rolled back by the database to break a tie');
      return reply.status(409).send({ error: 'conflict', message: CONCURRENT_CHANGE_MESSAGE });
    }
    if (isOutOfSpace(error)) {
      // Storage refusals became 507 in the storage module; what reaches here is the database out of disk. Nothing
      // of the request was kept (its transaction failed), and health reports `degraded` for a while.
      request.log.error({ err: error }, 'database write refused for lack of disk space');
      app.resources?.noteDatabaseWriteRefused();
      return reply.status(503).header('retry-after', '60').send(databaseFull().toBody());
    }
    if (isDatabaseUnavailable(error)) {
      // The connection dropped or could not be made: only this request failed (its transaction rolled back), and
      // the pool replaces the connection, so the honest answer is "try again".
      request.log.warn({ err: error }, 'database unavailable for this request');
      return reply.status(503).header('retry-after', '5').send(databaseUnavailable().toBody());
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
    }
    if (status === 429) {
      return reply.status(429).send({ error: 'rate_limited', message: error.message || 'Too many requests. Please wait a minute and try again.' });
    }
    if (status === 413) {
      return reply.status(413).send({ error: 'payload_too_large', message: 'The request is too large.' });
    }
    return reply.status(status).send({ error: error.code?.toLowerCase() ?? 'bad_request', message: error.message });
  });
};
