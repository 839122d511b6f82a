import { databaseRateLimitStorage } from '@switchboard/auth/server';
import type { Database } from './db/client';
import type { GithubIntegration } from './domain/development/integration';
import type { Clock, DomainServices } from './domain/services';
import type { Env } from './env';
import type { EventBus } from './events/bus';
import { createGithubClient } from './github/client';
import { createNotificationMailer } from './mail/notifications';
import { createSecretBox } from './secret-box';

/** What every domain write is given: the database, the bus, the clock, and mail when a server is set. */
export function domainServicesFor(env: Env, db: Database, bus: EventBus, clock: Clock): DomainServices {
  return {
    db,
    bus,
    clock,
    mail: env.SMTP_URL
      ? createNotificationMailer({
          smtpUrl: env.SMTP_URL,
          from: env.MAIL_FROM,
          appUrl: env.APP_URL,
          brandName: env.BRAND_NAME,
        })
      : undefined,
    apiKeyRequests: databaseRateLimitStorage({ database: db, now: () => clock.now().getTime() }),
  };
}

/** GitHub as repositories, webhooks and commit statuses reach it; its secrets sealed by the server's. */
export function githubIntegrationFor(env: Env, serverSecret: string, retryBaseMs: number): GithubIntegration {
  return {
    client: createGithubClient({ apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com' }),
    box: createSecretBox(serverSecret, 'github repository secrets'),
    webUrl: env.GITHUB_WEB_URL ?? 'https://github.com',
    apiUrl: env.API_URL,
    appUrl: env.APP_URL,
    retryBaseMs,
  };
}
