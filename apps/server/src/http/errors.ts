import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@switchboard/api-client/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';

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

/** The SQLSTATE of a PostgreSQL error, also when Drizzle wraps it. */
function postgresErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
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
  const databaseCode = postgresErrorCode(error);
  if (databaseCode && CONCURRENCY_CODES.has(databaseCode)) {
    // Two writers collided inside the database (deadlock, serialisation, duplicate key): the loser
    // may simply retry, which is what 409 tells it.
    return errorResponse(c, 'CONFLICT', 'Another change got there first; try again.');
  }
  console.error(`[server] ${c.req.method} ${c.req.path} failed:`, error);
  return errorResponse(c, 'INTERNAL_ERROR');
}
