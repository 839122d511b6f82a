import * as z from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /**
   * How late the server's event loop ran over its last measuring window, in milliseconds: every
   * request waits about this long before it is even read.
   */
  eventLoop: z.object({
    p50Ms: z.number().nonnegative(),
    p99Ms: z.number().nonnegative(),
    maxMs: z.number().nonnegative(),
    windowMs: z.number().nonnegative(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * The sign-in flags are booleans where the text 'false' or an empty value means false.
 * Anything else that is not 'true'/'1' is refused rather than guessed.
 */
export const booleanFlagSchema = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '' || value === false || value === 'false' || value === '0')
      return false;
    if (value === true || value === 'true' || value === '1') return true;
    ctx.addIssue({ code: 'custom', message: `expected true or false, got '${String(value)}'` });
    return z.NEVER;
  });

/** The public runtime configuration served at GET /api/v1/config. */
export const publicConfigSchema = z.object({
  apiUrl: z.string().describe('Backend API endpoint'),
  appUrl: z.string().describe('Public URL of the web app'),
  brandName: z.string().min(1).describe('Product name shown everywhere'),
  enableGithubSignin: z.boolean(),
  enableEmailSignin: z.boolean(),
  googleClientId: z.string().describe('Empty means Google sign-in is off'),
  communityUrl: z.string().optional(),
  altAppUrl: z.string().optional(),
  posthogKey: z.string().optional(),
  posthogHost: z.string().optional(),
  turnstileSiteKey: z.string(),
  turnstileEnabled: z
    .boolean()
    .optional()
    .describe('True when the server verifies Turnstile tokens on sign-in and sign-up; absent means false'),
  billingEnabled: z
    .boolean()
    .optional()
    .describe('True when a payment provider is configured and organizations are billed; absent means false'),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
