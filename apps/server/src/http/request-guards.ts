import type { MiddlewareHandler } from 'hono';
import { errorResponse } from './errors';
import { describeUnsafeInput, findUnsafeInput } from './input-safety';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function declaredBodyLength(headers: Headers): number {
  if (headers.has('transfer-encoding')) return Number.POSITIVE_INFINITY;
  return Number.parseInt(headers.get('content-length') ?? '0', 10) || 0;
}

/**
 * JSON endpoints refuse form and text/plain bodies: those are the content types a foreign page can
 * send without a CORS preflight, so refusing them closes the classic CSRF route. A write that names
 * any other content type, or sends a body without naming one, gets 415.
 */
export function requireJsonBodies(): MiddlewareHandler {
  return async (c, next) => {
    if (WRITE_METHODS.has(c.req.method)) {
      const declared = c.req.header('content-type');
      const type = declared?.split(';')[0]?.trim().toLowerCase();
      const refused = type ? type !== 'application/json' : declaredBodyLength(c.req.raw.headers) > 0;
      if (refused) return errorResponse(c, 'UNSUPPORTED_MEDIA_TYPE');
    }
    await next();
  };
}

/**
 * A write that a browser authenticates with a cookie must come from one of our own pages. Requests
 * without cookies (API keys, bearer tokens) are not a CSRF vector and pass.
 */
export function requireSameOriginForCookieWrites(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    if (WRITE_METHODS.has(c.req.method) && c.req.header('cookie')) {
      const origin = c.req.header('origin');
      if (!origin || !trusted.has(origin)) return errorResponse(c, 'FORBIDDEN_ORIGIN');
    }
    await next();
  };
}

/** The parsed values of a request body the guard can read: JSON, or a form's fields. */
async function bodyValues(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(await request.clone().text()));
  }
  if (type !== 'application/json') return undefined;
  try {
    return JSON.parse(await request.clone().text());
  } catch {
    // Not JSON at all: the handler behind answers that in its own words.
    return undefined;
  }
}

/**
 * For handlers we do not write (better-auth): refuses query and body values no database can store
 * (NUL, lone surrogates) and runaway nesting before they reach the handler, answering 400 in that
 * handler's own error shape, `{ code, message }`, which its clients parse.
 */
export function unsafeInputGuard(): MiddlewareHandler {
  return async (c, next) => {
    const found =
      findUnsafeInput(c.req.query()) ??
      (WRITE_METHODS.has(c.req.method) ? findUnsafeInput(await bodyValues(c.req.raw)) : undefined);
    if (found) return c.json({ code: 'VALIDATION_FAILED', message: describeUnsafeInput(found) }, 400);
    await next();
  };
}
