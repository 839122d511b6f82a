import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@switchboard/api-client/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { AppError, databaseFailure, describeForLog } from '../domain/errors';
import { workerFailure } from './worker-failures';

export interface ErrorResponseOptions {
  /** Sent as Retry-After: when the caller may try again (429, 503). */
  retryAfterSeconds?: number;
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
