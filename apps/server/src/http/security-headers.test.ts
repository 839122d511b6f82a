import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders, TURNSTILE_ORIGIN } from './security-headers';

async function cspWith(options: Parameters<typeof securityHeaders>[0]) {
  const app = new Hono();
  app.use(securityHeaders(options));
  app.get('/', (c) => c.text('ok'));
  const response = await app.request('/');
  return response.headers.get('content-security-policy') ?? '';
}

describe('securityHeaders', () => {
  it('allows scripts from the site only, and no frames from elsewhere, by default', async () => {
    const csp = await cspWith({});
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('frame-src');
    expect(csp).not.toContain(TURNSTILE_ORIGIN);
  });

  it("adds Cloudflare Turnstile's script and frame origin only when Turnstile is on", async () => {
    const csp = await cspWith({ turnstile: true });
    expect(csp).toContain(`script-src 'self' ${TURNSTILE_ORIGIN};`);
    expect(csp).toContain(`frame-src ${TURNSTILE_ORIGIN};`);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
