import type { MiddlewareHandler } from 'hono';

export interface SecurityHeaderOptions {
  /** Adds Strict-Transport-Security. @default false */
  hsts?: boolean;
  /** Extra origins the browser may connect to (e.g. the analytics host). @default [] */
  connectSources?: string[];
  /**
   * Allows Cloudflare Turnstile's script and challenge frame (challenges.cloudflare.com), for servers
   * that verify Turnstile on sign-in and sign-up. @default false
   */
  turnstile?: boolean;
}

/** Where Cloudflare Turnstile's script and challenge iframe come from. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * Security headers on every response. The CSP allows no inline script; inline styles stay
 * allowed because React style attributes and the toast library's injected stylesheet need them.
 */
export function securityHeaders(options: SecurityHeaderOptions = {}): MiddlewareHandler {
  const turnstile = options.turnstile ? ` ${TURNSTILE_ORIGIN}` : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self'${turnstile}`,
    ...(options.turnstile ? [`frame-src ${TURNSTILE_ORIGIN}`] : []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${(options.connectSources ?? []).join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.hsts) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}
