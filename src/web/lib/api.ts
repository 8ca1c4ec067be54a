import type { ApiErrorBody } from '../../domain/api-types';

/** An API failure carrying the server's `{ error, message, fields? }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly error: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.error = body.error;
    this.fields = body.fields;
  }
}

/**
 * The server's message when it is meant for the person: every refusal (4xx), and the two faults that say what to do
 * (503: try again; 507: storage full, try later). Other faults keep the product's toast alone.
 */
export const reasonToShow = (error: unknown): string | undefined =>
  error instanceof ApiError && error.message && (error.status < 500 || error.status === 503 || error.status === 507) ? error.message : undefined;

export type ApiRequestInit = Omit<RequestInit, 'body'> & { body?: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toErrorBody(value: unknown, response: Response): ApiErrorBody {
  if (isRecord(value) && typeof value.message === 'string') {
    const fields = isRecord(value.fields)
      ? Object.fromEntries(Object.entries(value.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : undefined;
    return { error: typeof value.error === 'string' ? value.error : response.statusText, message: value.message, fields };
  }
  return { error: response.statusText || 'Error', message: '' };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls the API. Plain objects are sent as JSON; FormData and other BodyInit values pass through untouched.
 * The caller states the expected response type; non-2xx answers throw an ApiError.
 */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { body, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  headers.set('Accept', 'application/json');
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || typeof body === 'string') {
    requestBody = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  const response = await fetch(path, { ...rest, headers, body: requestBody, credentials: 'same-origin' });
  const data = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, toErrorBody(data, response));
  return data as T;
}
