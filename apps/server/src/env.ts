import { isIP } from 'node:net';
import { booleanFlagSchema } from '@switchboard/api-client/contract';
import * as z from 'zod';

/** Cloudflare's documented always-passing test site key; the challenge is off until a secret is set. */
export const TURNSTILE_TEST_SITE_KEY = '1x00000000000000000000AA';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const optionalUrl = optionalText.pipe(z.url().optional());

/** An IP address or CIDR range, e.g. 10.0.0.0/8 or ::1. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** Comma-separated addresses or ranges; empty = none. */
const addressListSchema = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine(
    (entries) => entries.every(isAddressOrRange),
    'must be IP addresses or CIDR ranges, comma-separated',
  );

const BILLING_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_TEAM_MONTHLY',
  'STRIPE_PRICE_TEAM_ANNUAL',
] as const;

type BillingVariables = Partial<Record<(typeof BILLING_VARIABLES)[number] | 'STRIPE_API_BASE', string>> & {
  NODE_ENV: string;
};

/**
 * Half a billing set-up is a mistake, not "billing off": a server that silently ignored a secret key
 * would let people use a hosted installation for free. Any Stripe variable set asks for the rest.
 */
function billingProblems(env: BillingVariables): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  const anySet = BILLING_VARIABLES.some((name) => env[name]);
  if (anySet) {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[name]) problems.push({ path: [name], message: 'required when any STRIPE_ variable is set' });
    }
    if (!env.STRIPE_PRICE_TEAM_MONTHLY && !env.STRIPE_PRICE_TEAM_ANNUAL) {
      problems.push({
        path: ['STRIPE_PRICE_TEAM_MONTHLY'],
        message: 'set STRIPE_PRICE_TEAM_MONTHLY, STRIPE_PRICE_TEAM_ANNUAL or both when billing is configured',
      });
    }
  }
  if (env.STRIPE_API_BASE && env.NODE_ENV === 'production') {
    problems.push({
      path: ['STRIPE_API_BASE'],
      message: 'is for tests against a fake Stripe; unset it in production',
    });
  }
  return problems;
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default('.data'),
    WEB_DIR: optionalText,
    BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    APP_URL: optionalUrl,
    API_URL: optionalUrl,
    BRAND_NAME: z.string().min(1).default('Switchboard'),
    ENABLE_GITHUB_SIGNIN: booleanFlagSchema,
    GITHUB_CLIENT_ID: optionalText,
    GITHUB_CLIENT_SECRET: optionalText,
    GITHUB_WEB_URL: optionalUrl,
    GITHUB_API_URL: optionalUrl,
    ENABLE_EMAIL_SIGNIN: booleanFlagSchema,
    GOOGLE_CLIENT_ID: z.string().default(''),
    COMMUNITY_URL: optionalUrl,
    ALT_APP_URL: optionalUrl,
    POSTHOG_KEY: optionalText,
    POSTHOG_HOST: optionalUrl,
    TURNSTILE_SITE_KEY: z.string().min(1).default(TURNSTILE_TEST_SITE_KEY),
    TURNSTILE_SECRET_KEY: optionalText,
    TURNSTILE_VERIFY_URL: optionalUrl,
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Switchboard <no-reply@localhost>'),
    // Reverse proxies whose X-Forwarded-For is believed (rate limits per client address).
    TRUSTED_PROXIES: addressListSchema,
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
    // Billing is on only when the secret, the webhook's signing secret and at least one price are set.
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_TEAM_MONTHLY: optionalText,
    STRIPE_PRICE_TEAM_ANNUAL: optionalText,
    // Points the Stripe SDK at a local fake (tests only): its protocol, host and port are used.
    STRIPE_API_BASE: optionalUrl,
    // An MCP session with no call for this long is ended (its client went away without saying so).
    AGENT_SESSION_TIMEOUT_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(15),
  })
  .superRefine((env, ctx) => {
    if (env.ENABLE_GITHUB_SIGNIN && (!env.GITHUB_CLIENT_ID || !env.GITHUB_CLIENT_SECRET)) {
      for (const name of ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'] as const) {
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'required when ENABLE_GITHUB_SIGNIN is true',
          });
      }
    }
    for (const problem of billingProblems(env)) ctx.addIssue({ code: 'custom', ...problem });
    if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BETTER_AUTH_SECRET'],
        message: 'required when NODE_ENV=production',
      });
    }
  })
  .transform((env) => {
    const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
    return { ...env, APP_URL: appUrl, API_URL: env.API_URL ?? appUrl };
  });

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment once at start-up; every message names the variable at fault. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
  );
}
