import type { IncomingMessage } from 'node:http';
import { REVIEW_MAX_BYTES, REVIEW_REQUEST_MAX_BYTES } from '@switchboard/api-client/contract';
import { allEndpoints, endpoints, routerPath } from '@switchboard/api-client/endpoints';
import { API_BASE_PATH, MCP_PATH } from '@switchboard/api-client/paths';
import { formatBytes } from '@switchboard/architecture';
import type { AuthServer } from '@switchboard/auth/server';
import { Hono } from 'hono';
import {
  type ActingVariables,
  presentedCredential,
  requireActingContext,
  resolveActingContext,
} from './auth/acting-context';
import type { DatabaseHandle } from './db/client';
import { runAsWorkOwner } from './db/work-owner';
import type { Billing } from './domain/billing/service';
import type { GithubIntegration } from './domain/development/integration';
import type { StatusSender } from './domain/development/status-sender';
import type { DomainServices } from './domain/services';
import type { Env } from './env';
import { hideForeignIds, withClientAddress } from './http/auth-responses';
import { limitBodySize } from './http/body-limit';
import { errorResponse, handleError } from './http/errors';
import { FAIR_SHARES, fairShare } from './http/fair-share';
import { requireJsonBodies, requireOwnOrigin, unsafeInputGuard } from './http/request-guards';
import { securityHeaders } from './http/security-headers';
import { staticSite } from './http/static-site';
import { discardUnreadBodies } from './http/unread-bodies';
import type { McpTuning } from './mcp/http';
import { activityRoutes } from './routes/activity';
import { agentSessionRoutes } from './routes/agent-sessions';
import { agentRoutes } from './routes/agents';
import { billingRoutes } from './routes/billing';
import { commentRoutes } from './routes/comments';
import { configRoutes } from './routes/config';
import { eventRoutes } from './routes/events';
import { findingRoutes } from './routes/findings';
import { githubWebhookRoutes } from './routes/github-webhook';
import { healthRoutes } from './routes/health';
import { invitationRoutes } from './routes/invitations';
import { labelRoutes } from './routes/labels';
import { mcpRoutes } from './routes/mcp';
import { mcpConfigRoutes } from './routes/mcp-config';
import { myWorkRoutes } from './routes/my-work';
import { notificationRoutes } from './routes/notifications';
import { openApiRoutes } from './routes/openapi';
import { planRoutes } from './routes/plans';
import { projectRoutes } from './routes/projects';
import { questionRoutes } from './routes/questions';
import { repositoryRoutes } from './routes/repositories';
import { ruleSetRoutes } from './routes/rule-sets';
import { savedViewRoutes } from './routes/saved-views';
import { searchRoutes } from './routes/search';
import { taskRoutes } from './routes/tasks';
import { templateRoutes } from './routes/templates';
import { workUnitRoutes } from './routes/work-units';

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

const MAX_BODY_BYTES = 1024 * 1024;
/**
 * A template upload carries up to 2 MB of files, JSON-escaped; the engine refuses anything over its
 * own limits with words that say which, so this only keeps a runaway upload from being read whole.
 */
const MAX_TEMPLATE_BODY_BYTES = 4 * 1024 * 1024;
const TEMPLATE_WRITE_PATH = new RegExp(`^${API_BASE_PATH}/templates(/[^/]+)?$`);
/**
 * Where a review may arrive: the REST review route and the MCP endpoint. Their limit is the contract's,
 * made so that any review within the review size limit gets through and is then refused or read by the
 * review itself (an MCP client gets a tool error with advice, never an HTTP 413 it cannot read).
 */
const REVIEW_PATH = new RegExp(`^${API_BASE_PATH}/(mcp|rule-sets/[^/]+/review)$`);
/** GitHub sends webhook payloads of up to 25 MB (and no larger); a push of many commits comes near. */
const MAX_WEBHOOK_BODY_BYTES = 25 * 1024 * 1024;
const WEBHOOK_PATH = new RegExp(`^${API_BASE_PATH}/webhooks/github/[^/]+$`);

/** Every path that acts in an organization: those of the endpoints open to members only. */
const PRODUCT_PATHS = [
  ...new Set(
    allEndpoints()
      .filter((endpoint) => endpoint.access === 'member')
      .map((endpoint) => routerPath(endpoint.path)),
  ),
];

/**
 * Routes left out of the fair shares, as the app matches them (under the API's base path): those
 * whose work runs on the worker pools, which hold each organization to its share themselves, and the
 * event stream, which a browser does not open again after a refusal (EventSource gives up on any
 * answer but 200), so a burst of the caller's reads must never cost it its live updates.
 */
const UNSHARED_PATHS: ReadonlySet<string> = new Set(
  [
    endpoints.templates.preview,
    endpoints.ruleSets.review,
    ...allEndpoints().filter((endpoint) => endpoint.stream),
  ].map((endpoint) => `${API_BASE_PATH}${routerPath(endpoint.path)}`),
);

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
  const defaultBodyLimit = limitBodySize(MAX_BODY_BYTES, (c) =>
    errorResponse(c, 'PAYLOAD_TOO_LARGE', 'The request is larger than 1 MB.'),
  );
  const templateBodyLimit = limitBodySize(MAX_TEMPLATE_BODY_BYTES, (c) =>
    errorResponse(
      c,
      'PAYLOAD_TOO_LARGE',
      'The request is larger than 4 MB; a template may hold at most 2 MB of files (1,000 files).',
    ),
  );
  const reviewBodyLimit = limitBodySize(REVIEW_REQUEST_MAX_BYTES, (c) =>
    errorResponse(
      c,
      'PAYLOAD_TOO_LARGE',
      `The request is larger than ${formatBytes(REVIEW_REQUEST_MAX_BYTES)}; a review reads at most ${formatBytes(REVIEW_MAX_BYTES)} (content and diff together).`,
    ),
  );
  const webhookBodyLimit = limitBodySize(MAX_WEBHOOK_BODY_BYTES, (c) =>
    errorResponse(c, 'PAYLOAD_TOO_LARGE', 'The delivery is larger than 25 MB, more than GitHub ever sends.'),
  );
  api.use((c, next) => {
    const path = c.req.path;
    if (TEMPLATE_WRITE_PATH.test(path)) return templateBodyLimit(c, next);
    if (WEBHOOK_PATH.test(path)) return webhookBodyLimit(c, next);
    return (REVIEW_PATH.test(path) ? reviewBodyLimit : defaultBodyLimit)(c, next);
  });
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

  // Everything below acts in the caller's active organization.
  const product = new Hono<{ Variables: ActingVariables }>();
  // Only on the product's own paths, so an unknown path still answers 404 rather than 401.
  const acting = requireActingContext(auth, services);
  // A caller's flood of reads or writes waits in memory before its credential is even looked up; an
  // organization's, spread over many callers, waits once the organization is known.
  const callerShare = fairShare<{ Variables: ActingVariables }>({
    ownerOf: (c) => presentedCredential(c.req.raw.headers),
    exempt: UNSHARED_PATHS,
    limits: FAIR_SHARES[database.kind],
  });
  const organizationShare = fairShare<{ Variables: ActingVariables }>({
    ownerOf: (c) => c.var.acting.organizationId,
    exempt: UNSHARED_PATHS,
    limits: FAIR_SHARES[database.kind],
  });
  for (const path of PRODUCT_PATHS) product.use(path, callerShare, acting, organizationShare);
  // Every resource's routes, each behind the product guards above, in the order they are matched.
  const resources = [
    projectRoutes(services, billing),
    workUnitRoutes(services),
    taskRoutes(services),
    labelRoutes(services),
    planRoutes(services),
    activityRoutes(services),
    eventRoutes(services, (headers) => resolveActingContext(auth, services, headers)),
    agentRoutes(services, billing),
    agentSessionRoutes(services),
    questionRoutes(services),
    commentRoutes(services),
    notificationRoutes(services),
    myWorkRoutes(services),
    mcpConfigRoutes(services, env.API_URL),
    ruleSetRoutes(services),
    templateRoutes(services),
    findingRoutes(services),
    repositoryRoutes(services, github.integration),
    searchRoutes(services),
    savedViewRoutes(services),
    invitationRoutes(services),
    billingRoutes({ db: database.db, billing, auth, appUrl: env.APP_URL }),
  ];
  for (const routes of resources) product.route('/', routes);
  api.route('/', product);
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
