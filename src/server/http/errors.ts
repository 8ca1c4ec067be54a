import type { ApiErrorBody } from '../../domain/api-types';

/** An error the client should see as-is: status, a stable code, a human message and optional per-field messages. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiErrorBody {
    return { error: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'bad_request', message, fields);
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, 'conflict', message, fields);

/** The shared error body schema, for OpenAPI responses. */
export { errorBodySchema } from './schemas';
