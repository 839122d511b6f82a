import type { Context, MiddlewareHandler } from 'hono';
import { errorResponse } from './errors';
import { describeUnsafeInput, findUnsafeInput } from './input-safety';
import { declaresBody } from './unread-bodies';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * The device authorization endpoints, which OAuth device clients call with form bodies. Neither acts
 * on a cookie session (one starts a login, the other polls for its token), so a form a foreign page
 * sends there gains it nothing; cookie-carrying writes still face the same-origin check.
 */
const FORM_ENDPOINTS = new Set(['/api/v1/auth/device/code', '/api/v1/auth/device/token']);

function deviceError(c: Context, description: string) {
  return c.json({ error: 'invalid_request', error_description: description }, 400);
}

/**
 * JSON endpoints refuse form and text/plain bodies: those are the content types a foreign page can
 * send without a CORS preflight, so refusing them closes the classic CSRF route. A write that names
 * any other content type, or sends a body without naming one, gets 415. The device endpoints also take
 * form bodies, as device clients send them, turned into the JSON better-auth reads.
 */
export function requireJsonBodies(): MiddlewareHandler {
  return async (c, next) => {
    if (WRITE_METHODS.has(c.req.method)) {
      const declared = c.req.header('content-type');
      const type = declared?.split(';')[0]?.trim().toLowerCase();
      if (type === FORM_TYPE && c.req.method === 'POST' && FORM_ENDPOINTS.has(c.req.path)) {
        const fields = formFields(await c.req.raw.text());
        if (typeof fields === 'string') return deviceError(c, fields);
        c.req.raw = asJsonRequest(c.req.raw, fields);
        return next();
      }
      const refused = type ? type !== 'application/json' : declaresBody(c.req.raw.headers);
      if (refused) return errorResponse(c, 'UNSUPPORTED_MEDIA_TYPE');
    }
    await next();
  };
}

/** A form body's fields, or why it is refused: OAuth forbids naming a parameter twice. */
export function formFields(body: string): Record<string, string> | string {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(fields, name)) return `${name} is given more than once`;
    fields[name] = value;
  }
  return fields;
}

/** The same request with `fields` as its JSON body. */
function asJsonRequest(request: Request, fields: Record<string, string>): Request {
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(request.url, {
    method: request.method,
    headers,
    body: JSON.stringify(fields),
    signal: request.signal,
  });
}

/**
 * The one Origin rule of the API. A write that a browser authenticates with a cookie must come from
 * one of our own pages, and no write may come from another site's page: a sign-in or sign-up posted
 * from there would sign the visitor into an account the other site chose. On `everyMethodOn` (the MCP
 * endpoint) reads from another site's page are refused too: a page on a host name rebound to this
 * server's address (DNS rebinding) would otherwise read its answers, which MCP's Streamable HTTP
 * transport requires servers to prevent by checking Origin on every request. Requests without cookies or Origin (API keys, bearer
 * tokens, the CLI, MCP clients, webhooks) are not a CSRF vector and pass.
 */
export function requireOwnOrigin(
  trustedOrigins: readonly string[],
  { everyMethodOn = [] }: { everyMethodOn?: readonly string[] } = {},
): MiddlewareHandler {
  const trusted = new Set(trustedOrigins);
  const guardedOnEveryMethod = new Set(everyMethodOn);
  return async (c, next) => {
    const write = WRITE_METHODS.has(c.req.method);
    if (write || guardedOnEveryMethod.has(c.req.path)) {
      const origin = c.req.header('origin');
      const foreign = origin !== undefined && !trusted.has(origin);
      if (foreign || (write && c.req.header('cookie') && !origin))
        return errorResponse(c, 'FORBIDDEN_ORIGIN');
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
