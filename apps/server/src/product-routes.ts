import { allEndpoints, endpoints, routerPath } from '@switchboard/api-client/endpoints';
import { API_BASE_PATH } from '@switchboard/api-client/paths';
import type { AuthServer } from '@switchboard/auth/server';
import { Hono } from 'hono';
import {
  type ActingVariables,
  presentedCredential,
  requireActingContext,
  resolveActingContext,
} from './auth/acting-context';
import type { DatabaseHandle } from './db/client';
import type { Billing } from './domain/billing/service';
import type { GithubIntegration } from './domain/development/integration';
import type { StatusSender } from './domain/development/status-sender';
import type { DomainServices } from './domain/services';
import type { Env } from './env';
import { FAIR_SHARES, fairShare } from './http/fair-share';
import { activityRoutes } from './routes/activity';
import { agentSessionRoutes } from './routes/agent-sessions';
import { agentRoutes } from './routes/agents';
import { billingRoutes } from './routes/billing';
import { commentRoutes } from './routes/comments';
import { eventRoutes } from './routes/events';
import { findingRoutes } from './routes/findings';
import { invitationRoutes } from './routes/invitations';
import { labelRoutes } from './routes/labels';
import { mcpConfigRoutes } from './routes/mcp-config';
import { myWorkRoutes } from './routes/my-work';
import { notificationRoutes } from './routes/notifications';
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

export interface ProductRouteDependencies {
  env: Env;
  database: DatabaseHandle;
  auth: AuthServer;
  services: DomainServices;
  /** Stripe billing; undefined = off. */
  billing?: Billing;
  github: { integration: GithubIntegration; statuses: StatusSender };
}

/**
 * Every route that acts in the caller's active organization, behind the product guards: the caller's
 * fair share, the acting context (who, in which organization, with which role), then the
 * organization's fair share.
 */
export function productRoutes({ env, database, auth, services, billing, github }: ProductRouteDependencies) {
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
  return product;
}
