import { createAuthServer } from '@switchboard/auth/server';
import type { Database } from './db/client';
import { agentNamesOf } from './domain/agents/profiles';
import { STRIPE_TEAM_PLAN } from './domain/billing/plans';
import type { Billing } from './domain/billing/service';
import { announceBillingEvent } from './domain/billing/webhook-events';
import { describeForLog } from './domain/errors';
import type { Clock, DomainServices } from './domain/services';
import type { Env } from './env';
import type { EventBus } from './events/bus';
import { createEmailChangeSender, createPasswordResetSender, createSignInAttackSender } from './mail/account';
import { createInvitationSender } from './mail/invitations';

export interface ServerAuthOptions {
  env: Env;
  database: Database;
  clock: Clock;
  secret: string;
  trustedOrigins: string[];
  billing: Billing | undefined;
  devicePollIntervalSeconds: number | undefined;
  testPasswordHashing: boolean | undefined;
  /**
   * The event bus and the domain's services, made after better-auth: its hooks run only once the
   * server listens, by which time both exist.
   */
  bus: () => EventBus | undefined;
  services: () => DomainServices | undefined;
}

/** better-auth as the server runs it: its settings from the environment, its hooks into the domain. */
export function createServerAuth(options: ServerAuthOptions): ReturnType<typeof createAuthServer> {
  const { env, clock, billing } = options;
  const accountMail = { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, brandName: env.BRAND_NAME };
  return createAuthServer({
    database: options.database,
    secret: options.secret,
    baseURL: env.API_URL,
    appUrl: env.APP_URL,
    brandName: env.BRAND_NAME,
    trustedOrigins: options.trustedOrigins,
    emailSignIn: env.ENABLE_EMAIL_SIGNIN,
    trustedProxies: env.TRUSTED_PROXIES,
    signInAttemptsPerMinute: env.SIGN_IN_RATE_LIMIT,
    signInFailures: {
      now: () => clock.now().getTime(),
      onAttack: createSignInAttackSender({ ...accountMail, appUrl: env.APP_URL }),
    },
    devicePollIntervalSeconds: options.devicePollIntervalSeconds,
    testPasswordHashing: options.testPasswordHashing,
    agentNamesOf: (organizationId) => agentNamesOf(options.database, organizationId),
    onAccessChange: () => {
      options
        .bus()
        ?.publishAccessChange()
        .catch((error: unknown) => {
          console.error(`[events] access change not announced: ${describeForLog(error)}`);
        });
    },
    onInvitationChange: (email) => {
      options
        .bus()
        ?.publishInvitationChange(email)
        .catch((error: unknown) => {
          console.error(`[events] invitation change not announced: ${describeForLog(error)}`);
        });
    },
    github:
      env.ENABLE_GITHUB_SIGNIN && env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
        ? {
            clientId: env.GITHUB_CLIENT_ID,
            clientSecret: env.GITHUB_CLIENT_SECRET,
            webUrl: env.GITHUB_WEB_URL,
            apiUrl: env.GITHUB_API_URL,
          }
        : undefined,
    turnstile: env.TURNSTILE_SECRET_KEY
      ? { secretKey: env.TURNSTILE_SECRET_KEY, verifyUrl: env.TURNSTILE_VERIFY_URL }
      : undefined,
    billing: billing && {
      stripeClient: billing.stripe,
      webhookSecret: billing.settings.webhookSecret,
      prices: billing.settings.prices,
      planName: STRIPE_TEAM_PLAN,
      onEvent: async (event) => {
        const services = options.services();
        if (services) await announceBillingEvent(services, event);
      },
    },
    sendInvitation: createInvitationSender({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      appUrl: env.APP_URL,
      brandName: env.BRAND_NAME,
    }),
    sendPasswordReset: createPasswordResetSender(accountMail),
    sendEmailChange: createEmailChangeSender(accountMail),
  });
}
