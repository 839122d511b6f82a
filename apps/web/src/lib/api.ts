import { ApiError, createApiClient, createTypedApi, type TypedApi } from '@switchboard/api-client';
import type { PublicConfig } from '@switchboard/api-client/contract';
import { resolveApiOrigin } from './config';
import { withShownOrganization } from './shown-organization';

const apis = new Map<string, TypedApi>();

/**
 * The typed REST API for this page: one instance per API origin, so every query and mutation shares
 * it. The origin comes from the runtime config, or is the page's own when both are the same.
 */
export function apiFor(
  config: Pick<PublicConfig, 'apiUrl' | 'appUrl'>,
  pageOrigin: string = globalThis.location?.origin ?? 'http://localhost',
): TypedApi {
  const origin = resolveApiOrigin(config, pageOrigin);
  let api = apis.get(origin);
  if (!api) {
    api = createTypedApi(
      createApiClient({
        baseUrl: origin,
        // Every request names the organization this tab shows, so it never acts in another one.
        fetch: (input, init) =>
          globalThis.fetch(input, { ...init, headers: withShownOrganization(init?.headers) }),
      }),
    );
    apis.set(origin, api);
  }
  return api;
}

/** Query retry policy: an answer the server gave on purpose (4xx) would not change on asking again. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'VERSION_CONFLICT';
}

/** The code of an API error, when it has one from the registry. */
export function errorCodeOf(error: unknown) {
  return error instanceof ApiError ? error.code : undefined;
}

/** `details` of an API error body, unchecked. */
export function errorDetailsOf(error: unknown): unknown {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const inner: unknown = body.error;
  return typeof inner === 'object' && inner !== null && 'details' in inner ? inner.details : undefined;
}

interface IssueLike {
  path?: readonly PropertyKey[];
  message?: string;
}

function isIssueLike(value: unknown): value is IssueLike {
  if (typeof value !== 'object' || value === null) return false;
  const path = 'path' in value ? value.path : undefined;
  const message = 'message' in value ? value.message : undefined;
  return (
    (path === undefined || Array.isArray(path)) && (message === undefined || typeof message === 'string')
  );
}

/**
 * Field → first message, from zod issues: the client's own safeParse, or the server's
 * VALIDATION_FAILED details (the same schema's issues). Issues with no path land under `_form`.
 */
export function fieldErrorsFrom(source: unknown): Record<string, string> {
  const issues: unknown =
    source instanceof ApiError
      ? source.code === 'VALIDATION_FAILED'
        ? errorDetailsOf(source)
        : undefined
      : typeof source === 'object' && source !== null && 'issues' in source
        ? source.issues
        : undefined;
  const errors: Record<string, string> = {};
  if (!Array.isArray(issues)) return errors;
  for (const issue of issues.filter(isIssueLike)) {
    const field = issue.path?.length ? String(issue.path[0]) : '_form';
    if (!(field in errors) && issue.message) errors[field] = sentence(issue.message);
  }
  return errors;
}

/** 'is required' → 'Is required': schema messages are written to follow a field name. */
function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}
