import { describe, expect, it, vi } from 'vitest';
import { CONFIG_PATH, configQueryOptions, fetchPublicConfig, resolveApiOrigin } from './config';

const validConfig = {
  apiUrl: 'http://localhost:3000',
  appUrl: 'http://localhost:3000',
  brandName: 'Switchboard',
  enableGithubSignin: false,
  enableEmailSignin: true,
  googleClientId: '',
  turnstileSiteKey: '1x00000000000000000000AA',
};

function respond(body: unknown, status = 200) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('fetchPublicConfig', () => {
  it('reads and validates GET /api/v1/config', async () => {
    const fetcher = respond(validConfig);
    await expect(fetchPublicConfig(fetcher)).resolves.toEqual(validConfig);
    expect(fetcher).toHaveBeenCalledWith(CONFIG_PATH, expect.anything());
  });

  it('fails loudly on a body that breaks the contract', async () => {
    await expect(fetchPublicConfig(respond({ ...validConfig, enableEmailSignin: 'yes' }))).rejects.toThrow();
  });

  it('fails with the HTTP status on a non-ok response', async () => {
    await expect(fetchPublicConfig(respond({}, 503))).rejects.toThrow('HTTP 503');
  });

  it('is cached for the page lifetime', () => {
    expect(configQueryOptions().staleTime).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('resolveApiOrigin', () => {
  it("uses the page's origin when the API is served with the app", () => {
    expect(resolveApiOrigin(validConfig, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
  });

  it('uses a separately hosted API as configured', () => {
    expect(
      resolveApiOrigin(
        { apiUrl: 'https://api.example.com/v1', appUrl: 'https://app.example.com' },
        'https://app.example.com',
      ),
    ).toBe('https://api.example.com');
  });

  it("falls back to the page's origin when apiUrl is not a URL", () => {
    expect(resolveApiOrigin({ apiUrl: '', appUrl: 'x' }, 'http://localhost:5173')).toBe(
      'http://localhost:5173',
    );
  });
});
