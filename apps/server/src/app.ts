import type { IncomingMessage } from 'node:http';
import { API_BASE_PATH, MCP_PATH } from '@switchboard/api-client/paths';
import type { AuthServer } from '@switchboard/auth/server';
import { Hono } from 'hono';
import { presentedCredential } from './auth/acting-context';
import type { DatabaseHandle } from './db/client';
import { runAsWorkOwner } from './db/work-owner';
import type { Billing } from './domain/billing/service';
import type { GithubIntegration } from './domain/development/integration';
import type { StatusSender } from './domain/development/status-sender';
import type { DomainServices } from './domain/services';
import type { Env } from './env';
import { hideForeignIds, withClientAddress } from './http/auth-responses';
import { limitBodySizeByPath } from './http/body-limits-by-path';
import { errorResponse, handleError } from './http/errors';
import { requireJsonBodies, requireOwnOrigin, unsafeInputGuard } from './http/request-guards';
import { securityHeaders } from './http/security-headers';
import { staticSite } from './http/static-site';
import { discardUnreadBodies } from './http/unread-bodies';
import type { McpTuning } from './mcp/http';
import { productRoutes } from './product-routes';
import { configRoutes } from './routes/config';
import { githubWebhookRoutes } from './routes/github-webhook';
import { healthRoutes } from './routes/health';
import { mcpRoutes } from './routes/mcp';
import { openApiRoutes } from './routes/openapi';

export interface AppDependencies {
  env: Env;
  database: DatabaseHandle;
  auth: AuthServer;
  /** Origins allowed to make cookie-authenticated writes. */
  trustedOrigins: string[];
  /** What the domain needs (database, event bus, clock, mail), handed to every route and the MCP endpoint. */
  services: DomainServices;
  /** Folder of the built web app; omitted = API only. */
  webDir?: string;
  /** The MCP endpoint's timings. @default its own defaults */
  mcp?: McpTuning;
  /** Stripe billing; undefined = off (self-hosted: no plan limits, no Stripe calls). */
  billing?: Billing;
  /** Connected GitHub repositories: where GitHub is, the sealing key, and the commit-status sender. */
  github: { integration: GithubIntegration; statuses: StatusSender };
}

/** The address of the socket a request came on (undefined in `app.request` tests). */
const remoteAddress = (honoEnv: unknown) =>
  (honoEnv as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress;

/** Builds the whole HTTP surface: the API under /api/v1 and the web app around it. */
export function createApp({
  env,
  database,
  auth,
  services,
  trustedOrigins,
  webDir,
  mcp,
  billing,
  github,
}: AppDependencies) {
  const app = new Hono();
  app.use(
    securityHeaders({
      hsts: env.NODE_ENV === 'production',
      connectSources: env.POSTHOG_HOST ? [new URL(env.POSTHOG_HOST).origin] : [],
      turnstile: Boolean(env.TURNSTILE_SECRET_KEY),
    }),
  );

  const api = new Hono();
  // A request's database work is its caller's (the credential it presents, else its address) until
  // resolveActingContext names its organization; the embedded database serves them in turns.
  api.use((c, next) =>
    runAsWorkOwner(presentedCredential(c.req.raw.headers) ?? `address:${remoteAddress(c.env)}`, next),
  );
  // First, so it sees every early refusal below, the body limit's included.
  api.use(discardUnreadBodies());
  api.use(limitBodySizeByPath());
  api.use(requireJsonBodies());
  // Applies to better-auth's routes too: its own Origin check skips writes that carry no cookie.
  api.use(requireOwnOrigin(trustedOrigins, { everyMethodOn: [`${API_BASE_PATH}${MCP_PATH}`] }));
  api.use('/auth/*', unsafeInputGuard());
  api.on(['GET', 'POST'], '/auth/*', async (c) => {
    // better-auth rate-limits by client address: give it the socket's, not what the client claims.
    const remote = remoteAddress(c.env);
    return hideForeignIds(await auth.handler(withClientAddress(c.req.raw, remote, env.TRUSTED_PROXIES)));
  });
  api.route('/', healthRoutes(database));
  api.route('/', configRoutes(env));
  api.route('/', openApiRoutes(env));
  // MCP authenticates each request itself (API key), so it sits outside the product middleware.
  api.route(
    '/',
    mcpRoutes({
      services,
      auth,
      githubWebUrl: github.integration.webUrl,
      ...mcp,
      timings: { sessionTimeoutMs: env.AGENT_SESSION_TIMEOUT_MINUTES * 60_000, ...mcp?.timings },
    }),
  );

  // GitHub signs its deliveries with the repository's secret: no session, no key.
  api.route('/', githubWebhookRoutes(services, github.integration, github.statuses));

  // Everything else acts in the caller's active organization.
  api.route('/', productRoutes({ env, database, auth, services, billing, github }));
  api.notFound((c) => errorResponse(c, 'ROUTE_NOT_FOUND'));
  api.onError(handleError);

  app.route(API_BASE_PATH, api);
  // Unknown paths under /api never fall through to the web app's index.html.
  app.all('/api/*', (c) => errorResponse(c, 'ROUTE_NOT_FOUND'));
  // After a 401, MCP clients look for OAuth metadata. We take API keys, not OAuth: answer a plain 404
  // rather than the web app's HTML, which a client could mistake for a discovery answer.
  app.use('/.well-known/*', async (c, next) => {
    if (!/^\/\.well-known\/(oauth-|openid-configuration)/.test(c.req.path)) return next();
    return errorResponse(
      c,
      'NOT_FOUND',
      'This server does not use OAuth: send an API key (Authorization: Bearer <key>).',
    );
  });
  if (webDir) app.use(staticSite(webDir, { appUrl: env.APP_URL }));
  app.notFound((c) => c.text('Not Found', 404));
  app.onError(handleError);
  return app;
}
