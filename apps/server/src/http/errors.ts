import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@switchboard/api-client/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { workerFailure } from './worker-failures';

export interface ErrorResponseOptions {
  /** Sent as Retry-After: when the caller may try again (429, 503). */
  retryAfterSeconds?: number;
}

/** The one error the server throws on purpose; `onError` turns it into the shared error shape. */
export class AppError extends Error {
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code].message,
    readonly details?: unknown,
    options: ErrorResponseOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): ContentfulStatusCode {
    return ERROR_CODES[this.code].status as ContentfulStatusCode;
  }
}

export function errorBody(
  code: ErrorCode,
  message: string = ERROR_CODES[code].message,
  details?: unknown,
): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** The one place an error becomes a response: its registry status, its body and its headers. */
export function errorResponse(
  c: Context,
  code: ErrorCode,
  message?: string,
  details?: unknown,
  options: ErrorResponseOptions = {},
): Response {
  if (options.retryAfterSeconds !== undefined) {
    c.header('Retry-After', String(Math.max(1, Math.ceil(options.retryAfterSeconds))));
  }
  return c.json(errorBody(code, message, details), ERROR_CODES[code].status as ContentfulStatusCode);
}

// deadlock_detected, serialization_failure, unique_violation
const CONCURRENCY_CODES = new Set(['40P01', '40001', '23505']);
// Data exceptions (a value out of range, text the encoding refuses) and program limits (a value too
// large for an index): the input was at fault, whatever check should have caught it first.
const INPUT_CLASSES = new Set(['22', '54']);

/** The SQLSTATE of a PostgreSQL error, also when Drizzle wraps it. */
export function postgresErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A database failure the caller can act on, as the error it gets: a collision between two writers
 * (retry) or a value the database refused (fix the input). Undefined for anything else.
 */
export function databaseFailure(error: unknown): AppError | undefined {
  const code = postgresErrorCode(error);
  if (!code) return undefined;
  if (CONCURRENCY_CODES.has(code)) {
    // The loser of a deadlock, a serialisation failure or a duplicate key may simply retry.
    return new AppError('CONFLICT', 'Another change got there first; try again.');
  }
  if (INPUT_CLASSES.has(code.slice(0, 2))) {
    return new AppError('VALIDATION_FAILED', 'A value is out of range, too large or not storable text.');
  }
  return undefined;
}

/**
 * An unexpected error as a log line that carries no request values: a database error gives its
 * name, SQLSTATE and query text, never the parameters or the server's message and detail (both quote
 * values: user text, key hashes). Any other error gives its stack, which the code wrote.
 */
export function describeForLog(error: unknown): string {
  const sqlState = postgresErrorCode(error);
  const name = error instanceof Error ? error.name : typeof error;
  if (sqlState) {
    const query = queryTextOf(error);
    return `${name} (SQLSTATE ${sqlState})${query ? ` in query: ${query}` : ''}`;
  }
  if (error instanceof Error) return error.stack ?? `${name}: ${error.message}`;
  return name;
}

/** The SQL text Drizzle attaches to a failed query (its parameters sit apart, in `params`). */
function queryTextOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const query = (current as { query?: unknown }).query;
    if (typeof query === 'string') return query;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Maps anything thrown inside a request to the error shape; unexpected errors are logged, never leaked. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof AppError) {
    return errorResponse(c, error.code, error.message, error.details, {
      retryAfterSeconds: error.retryAfterSeconds,
    });
  }
  if (error instanceof ZodError) {
    return errorResponse(c, 'VALIDATION_FAILED', 'The request is not valid.', error.issues);
  }
  if (error instanceof HTTPException) {
    if (error.status === 413) return errorResponse(c, 'PAYLOAD_TOO_LARGE');
    if (error.status === 401) return errorResponse(c, 'UNAUTHENTICATED');
    if (error.status === 400) return errorResponse(c, 'VALIDATION_FAILED', error.message || undefined);
  }
  const known = databaseFailure(error) ?? workerFailure(error);
  if (known) {
    return errorResponse(c, known.code, known.message, known.details, {
      retryAfterSeconds: known.retryAfterSeconds,
    });
  }
  // The route pattern, not the path: a path may carry a value the caller sent.
  console.error(`[server] ${c.req.method} ${c.req.routePath} failed: ${describeForLog(error)}`);
  return errorResponse(c, 'INTERNAL_ERROR');
}
