import { type PublicConfig, publicConfigSchema } from '@switchboard/api-client/contract';
import { endpoints } from '@switchboard/api-client/endpoints';
import { billingSettingsOf } from '../domain/billing/settings';
import type { Env } from '../env';
import { endpointRoutes } from '../http/endpoint-route';

/** The public subset of the environment the web app needs at run time. */
export function publicConfigFromEnv(env: Env): PublicConfig {
  return publicConfigSchema.parse({
    apiUrl: env.API_URL,
    appUrl: env.APP_URL,
    brandName: env.BRAND_NAME,
    enableGithubSignin: env.ENABLE_GITHUB_SIGNIN,
    enableEmailSignin: env.ENABLE_EMAIL_SIGNIN,
    googleClientId: env.GOOGLE_CLIENT_ID,
    communityUrl: env.COMMUNITY_URL,
    altAppUrl: env.ALT_APP_URL,
    posthogKey: env.POSTHOG_KEY,
    posthogHost: env.POSTHOG_KEY ? (env.POSTHOG_HOST ?? 'https://us.i.posthog.com') : env.POSTHOG_HOST,
    turnstileSiteKey: env.TURNSTILE_SITE_KEY,
    // The site key always has a value (Cloudflare's test key by default); only a secret turns checks on.
    turnstileEnabled: Boolean(env.TURNSTILE_SECRET_KEY),
    billingEnabled: billingSettingsOf(env) !== undefined,
  });
}

export function configRoutes(env: Env) {
  // Computed once: the environment cannot change while the process runs.
  const config = publicConfigFromEnv(env);
  return endpointRoutes().on(endpoints.system.config, ({ c }) => {
    c.header('Cache-Control', 'no-cache');
    return config;
  }).app;
}
