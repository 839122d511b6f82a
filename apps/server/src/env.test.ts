import { describe, expect, it } from 'vitest';
import { billingSettingsOf } from './domain/billing/settings';
import { EnvError, parseEnv, TURNSTILE_TEST_SITE_KEY } from './env';

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('expected the environment to be refused');
}

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: '.data',
      APP_URL: 'http://localhost:3000',
      API_URL: 'http://localhost:3000',
      BRAND_NAME: 'Switchboard',
      ENABLE_GITHUB_SIGNIN: false,
      ENABLE_EMAIL_SIGNIN: false,
      GOOGLE_CLIENT_ID: '',
      TURNSTILE_SITE_KEY: TURNSTILE_TEST_SITE_KEY,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('derives APP_URL from PORT and API_URL from APP_URL', () => {
    expect(parseEnv({ PORT: '4000' }).APP_URL).toBe('http://localhost:4000');
    expect(parseEnv({ APP_URL: 'https://board.example.com' }).API_URL).toBe('https://board.example.com');
  });

  it.each([
    ['false', false],
    ['', false],
    ['0', false],
    ['true', true],
    ['1', true],
  ])("reads the sign-in flag '%s' as %s", (value, expected) => {
    expect(parseEnv({ ENABLE_EMAIL_SIGNIN: value }).ENABLE_EMAIL_SIGNIN).toBe(expected);
  });

  it('names the variable at fault', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual([expect.stringMatching(/^PORT: /)]);
    expect(problemsOf({ ENABLE_EMAIL_SIGNIN: 'yes please' })).toEqual([
      "ENABLE_EMAIL_SIGNIN: expected true or false, got 'yes please'",
    ]);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })[0]).toMatch(/^DATABASE_URL: must start with postgres/);
    expect(problemsOf({ APP_URL: 'not a url' })[0]).toMatch(/^APP_URL: /);
  });

  it('requires GitHub credentials when GitHub sign-in is on', () => {
    expect(problemsOf({ ENABLE_GITHUB_SIGNIN: 'true' })).toEqual([
      'GITHUB_CLIENT_ID: required when ENABLE_GITHUB_SIGNIN is true',
      'GITHUB_CLIENT_SECRET: required when ENABLE_GITHUB_SIGNIN is true',
    ]);
  });

  it('requires a session secret in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'BETTER_AUTH_SECRET: required when NODE_ENV=production',
    ]);
    expect(problemsOf({ BETTER_AUTH_SECRET: 'short' })[0]).toMatch(
      /^BETTER_AUTH_SECRET: must be at least 32/,
    );
  });
});

describe('billing settings', () => {
  const complete = {
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    STRIPE_PRICE_TEAM_MONTHLY: 'price_month',
  };

  it('leaves billing off when no Stripe variable is set', () => {
    expect(billingSettingsOf(parseEnv({}))).toBeUndefined();
  });

  it('turns billing on with a secret, a webhook secret and one price', () => {
    expect(billingSettingsOf(parseEnv(complete))).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      prices: { monthly: 'price_month', annual: undefined },
      api: undefined,
    });
    const annualOnly = { ...complete, STRIPE_PRICE_TEAM_MONTHLY: '', STRIPE_PRICE_TEAM_ANNUAL: 'price_year' };
    expect(billingSettingsOf(parseEnv(annualOnly))?.prices).toEqual({
      monthly: undefined,
      annual: 'price_year',
    });
  });

  it('refuses half a billing set-up, naming what is missing', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual([
      'STRIPE_WEBHOOK_SECRET: required when any STRIPE_ variable is set',
      'STRIPE_PRICE_TEAM_MONTHLY: set STRIPE_PRICE_TEAM_MONTHLY, STRIPE_PRICE_TEAM_ANNUAL or both when billing is configured',
    ]);
    expect(problemsOf({ STRIPE_PRICE_TEAM_ANNUAL: 'price_year' })).toEqual([
      'STRIPE_SECRET_KEY: required when any STRIPE_ variable is set',
      'STRIPE_WEBHOOK_SECRET: required when any STRIPE_ variable is set',
    ]);
  });

  it('points the Stripe SDK at a fake only outside production', () => {
    const settings = billingSettingsOf(parseEnv({ ...complete, STRIPE_API_BASE: 'http://127.0.0.1:4010' }));
    expect(settings?.api).toEqual({ protocol: 'http', host: '127.0.0.1', port: 4010 });
    expect(
      problemsOf({
        ...complete,
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'x'.repeat(32),
        STRIPE_API_BASE: 'http://127.0.0.1:4010',
      }),
    ).toEqual(['STRIPE_API_BASE: is for tests against a fake Stripe; unset it in production']);
  });
});
