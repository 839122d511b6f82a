import { ERROR_CODES, type ErrorCode } from '@switchboard/api-client/errors';
import { APIError } from 'better-auth/api';

type RegistryStatus = (typeof ERROR_CODES)[ErrorCode]['status'];
type StatusName = NonNullable<ConstructorParameters<typeof APIError>[0]>;

/** better-auth names statuses; the registry numbers them. */
const STATUS_NAMES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<RegistryStatus, StatusName>;

export interface AuthErrorExtras {
  /** Sent as Retry-After: when the caller may try again (429). */
  retryAfterSeconds?: number;
  /** More body fields, for clients that read a protocol's own names (RFC 8628's `error`). */
  fields?: Record<string, string>;
}

/**
 * The one place the auth routes' errors are made (as the server's error handler is for our routes):
 * an answer in better-auth's own shape ({code, message}, which its clients parse),
 * with the status the registry gives the code, so a code means the same on every route.
 */
export function authError(
  code: ErrorCode,
  message: string = ERROR_CODES[code].message,
  extras: AuthErrorExtras = {},
): APIError {
  const retryAfter =
    extras.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(extras.retryAfterSeconds));
  return new APIError(
    STATUS_NAMES[ERROR_CODES[code].status],
    // The wait also travels in the body: better-auth's client hands a page the body, not the headers.
    { ...extras.fields, code, message, ...(retryAfter !== undefined && { retryAfterSeconds: retryAfter }) },
    retryAfter === undefined ? undefined : { 'Retry-After': String(retryAfter) },
  );
}
