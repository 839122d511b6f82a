import { createApiClient, createTypedApi, endpoints } from '@switchboard/api-client';
import { publicConfigSchema } from '@switchboard/api-client/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  CONFIG_URL_PATH,
  configQueryOptions,
  fetchPublicConfig,
  quickParsePublicConfig,
  resolveApiOrigin,
} from './config';

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
  it("asks the config endpoint's own path on the page's origin", () => {
    const api = createTypedApi(createApiClient({ baseUrl: 'http://app.test' }));
    expect(`http://app.test${CONFIG_URL_PATH}`).toBe(api.urlOf(endpoints.system.config, {}));
  });

  it('reads and validates GET /api/v1/config', async () => {
    const fetcher = respond(validConfig);
    await expect(fetchPublicConfig(fetcher)).resolves.toEqual(validConfig);
    expect(fetcher).toHaveBeenCalledWith(CONFIG_URL_PATH, expect.anything());
  });

  it('fails loudly on a body that breaks the contract', async () => {
    await expect(fetchPublicConfig(respond({ ...validConfig, enableEmailSignin: 'yes' }))).rejects.toThrow();
  });

  it("fails with the contract schema's own error, naming the field", async () => {
    await expect(fetchPublicConfig(respond({ ...validConfig, brandName: '' }))).rejects.toThrow(/brandName/);
    await expect(fetchPublicConfig(respond(['not', 'an', 'object']))).rejects.toThrow();
  });

  it("keeps only the contract's keys", async () => {
    const config = await fetchPublicConfig(respond({ ...validConfig, posthogKey: 'phc_1', extra: 'x' }));
    expect(config).toEqual({ ...validConfig, posthogKey: 'phc_1' });
    expect(config).not.toHaveProperty('extra');
  });

  it('fails with the HTTP status on a non-ok response', async () => {
    await expect(fetchPublicConfig(respond({}, 503))).rejects.toThrow('HTTP 503');
  });

  it('is cached for the page lifetime', () => {
    expect(configQueryOptions().staleTime).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('quickParsePublicConfig', () => {
  const everything = {
    ...validConfig,
    communityUrl: 'https://community.example.com',
    altAppUrl: 'https://alt.example.com',
    posthogKey: 'phc_1',
    posthogHost: 'https://eu.i.posthog.com',
    turnstileEnabled: true,
    billingEnabled: true,
  };

  it('knows every key of publicConfigSchema', () => {
    expect(Object.keys(quickParsePublicConfig(everything) ?? {}).sort()).toEqual(
      Object.keys(publicConfigSchema.shape).sort(),
    );
  });

  // Anything the quick check accepts, the schema accepts with the same result; everything else is
  // left to the schema (undefined).
  it.each<[string, unknown]>([
    ['the minimal config', validConfig],
    ['every optional key', everything],
    ['unknown keys', { ...validConfig, extra: true }],
    ['an empty brand name', { ...validConfig, brandName: '' }],
    ['a flag as text', { ...validConfig, enableGithubSignin: 'true' }],
    ['a missing flag', { ...validConfig, enableEmailSignin: undefined }],
    ['a missing string', { ...validConfig, apiUrl: undefined }],
    ['a number for a string', { ...validConfig, turnstileSiteKey: 1 }],
    ['null for an optional key', { ...validConfig, posthogKey: null }],
    ['a number for an optional key', { ...validConfig, communityUrl: 3 }],
    ['text for an optional flag', { ...validConfig, turnstileEnabled: 'true' }],
    ['null', null],
    ['an array', []],
    ['a string', 'config'],
  ])('never accepts more than the schema: %s', (_label, body) => {
    const quick = quickParsePublicConfig(body);
    const schema = publicConfigSchema.safeParse(body);
    if (quick !== undefined) {
      expect(schema.success).toBe(true);
      expect(quick).toEqual(schema.data);
    } else {
      expect(schema.success).toBe(false);
    }
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
