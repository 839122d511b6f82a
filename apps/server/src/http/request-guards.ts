import type { MiddlewareHandler } from 'hono';
import { errorResponse } from './errors';

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
