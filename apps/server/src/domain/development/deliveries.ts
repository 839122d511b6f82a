import type { WebhookReceipt } from '@switchboard/api-client/contract';
import { eq } from 'drizzle-orm';
import type * as z from 'zod';
import { githubDelivery, githubRepository, project } from '../../db/schema';
import {
  checkRunEventSchema,
  checkSuiteEventSchema,
  pullRequestEventSchema,
  pushEventSchema,
  statusEventSchema,
} from '../../github/payloads';
import { signatureMatches } from '../../github/signature';
import type { ActingContext } from '../actor';
import { type RecordChange, runChange, type Transaction } from '../changes';
import { AppError, databaseFailure } from '../errors';
import type { DomainServices } from '../services';
import { applyCheck, checkStateOf, statusStateOf } from './commit-checks';
import type { DeliveryScope } from './delivery-scope';
import type { GithubIntegration } from './integration';
import { applyPullRequest } from './pull-request-events';
import { applyPush } from './push-events';
import type { RepositoryRow } from './repositories';
import { REVIEW_CONTEXT } from './review-statuses';

/** One webhook request as it arrived: its headers and the exact bytes of its body. */
export interface IncomingDelivery {
  repositoryId: string;
  /** X-GitHub-Event */
  event: string | undefined;
  /** X-GitHub-Delivery */
  deliveryId: string | undefined;
  /** X-Hub-Signature-256 */
  signature: string | undefined;
  body: Uint8Array;
}

/** GitHub acting in the repository's organization: the actor of every change a delivery makes. */
function githubActor(repository: RepositoryRow): ActingContext {
  return {
    organizationId: repository.organizationId,
    actor: { type: 'github', id: repository.id, name: 'GitHub' },
  };
}

function payloadOf<T extends z.ZodType>(schema: T, payload: unknown, event: string): z.output<T> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || '(body)';
    throw new AppError(
      'WEBHOOK_DELIVERY_INVALID',
      `This is not a ${event} payload as GitHub sends it: ${where} is missing or not what GitHub sends.`,
    );
  }
  return parsed.data;
}

type Handler = (
  tx: Transaction,
  record: RecordChange,
  now: Date,
  scope: DeliveryScope,
  payload: unknown,
) => Promise<boolean>;

/** The events acted on; any other (GitHub sends dozens) is answered and ignored. */
const HANDLERS: Record<string, Handler> = {
  // GitHub's hello when the webhook is made: it proves the address and the secret.
  ping: async () => true,
  pull_request: (tx, record, now, scope, payload) =>
    applyPullRequest(tx, record, now, scope, payloadOf(pullRequestEventSchema, payload, 'pull_request')),
  push: (tx, record, now, scope, payload) =>
    applyPush(tx, record, now, scope, payloadOf(pushEventSchema, payload, 'push')),
  check_suite: (tx, record, now, scope, payload) => {
    const { check_suite: suite } = payloadOf(checkSuiteEventSchema, payload, 'check_suite');
    return applyCheck(tx, record, now, scope, {
      sha: suite.head_sha,
      source: `suite:${suite.id}`,
      state: checkStateOf(suite.status, suite.conclusion),
    });
  },
  check_run: (tx, record, now, scope, payload) => {
    const { check_run: run } = payloadOf(checkRunEventSchema, payload, 'check_run');
    return applyCheck(tx, record, now, scope, {
      sha: run.head_sha,
      source: `run:${run.id}`,
      state: checkStateOf(run.status, run.conclusion),
    });
  },
  status: async (tx, record, now, scope, payload) => {
    const status = payloadOf(statusEventSchema, payload, 'status');
    // Our own review status comes back as an event too; it is not CI.
    if (status.context === REVIEW_CONTEXT) return false;
    return applyCheck(tx, record, now, scope, {
      sha: status.sha,
      source: `status:${status.context}`,
      state: statusStateOf(status.state),
    });
  },
};

/** How many times a delivery that collided with another writer is tried in all. */
const COLLISION_ATTEMPTS = 3;

function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    throw new AppError(
      'WEBHOOK_DELIVERY_INVALID',
      'The body is not JSON: set the webhook’s content type to application/json.',
    );
  }
}

/**
 * Checks and applies one webhook delivery. The signature is checked before anything else is read;
 * then the delivery is applied in one transaction together with its id, so a redelivery finds the id
 * and changes nothing, and a delivery that fails leaves nothing of itself behind.
 */
export async function receiveDelivery(
  services: DomainServices,
  integration: GithubIntegration,
  incoming: IncomingDelivery,
): Promise<WebhookReceipt> {
  const [found] = await services.db
    .select({ repository: githubRepository, projectKey: project.key })
    .from(githubRepository)
    .innerJoin(project, eq(project.id, githubRepository.projectId))
    .where(eq(githubRepository.id, incoming.repositoryId))
    .limit(1);
  if (!found) {
    throw new AppError(
      'REPOSITORY_NOT_FOUND',
      'No repository is connected at this webhook address; copy the address from the repository’s settings again.',
    );
  }
  const { repository, projectKey } = found;
  const secret = integration.box.open(repository.sealedWebhookSecret);
  if (!secret) {
    throw new AppError(
      'WEBHOOK_SIGNATURE_INVALID',
      "This repository's webhook secret cannot be read (the server's secret changed): make a new one in the repository's settings.",
    );
  }
  if (!signatureMatches(secret, incoming.body, incoming.signature)) {
    throw new AppError(
      'WEBHOOK_SIGNATURE_INVALID',
      incoming.signature
        ? 'X-Hub-Signature-256 is not the body’s HMAC-SHA256 under this repository’s webhook secret.'
        : 'The delivery carries no X-Hub-Signature-256: set the webhook’s secret on GitHub.',
    );
  }
  const { event, deliveryId } = incoming;
  if (!event || !deliveryId || deliveryId.length > 100 || event.length > 100) {
    throw new AppError(
      'WEBHOOK_DELIVERY_INVALID',
      'The delivery needs X-GitHub-Event and X-GitHub-Delivery headers.',
    );
  }
  const payload = parseJson(incoming.body);
  const handler = Object.hasOwn(HANDLERS, event) ? HANDLERS[event] : undefined;
  if (!handler) return { delivery: deliveryId, outcome: 'ignored' };
  const context = githubActor(repository);
  const scope: DeliveryScope = { repository, projectKey, context, integration };
  const apply = () =>
    runChange(services, context, async (tx, record, now): Promise<WebhookReceipt> => {
      const [fresh] = await tx
        .insert(githubDelivery)
        .values({ repositoryId: repository.id, deliveryId, event, receivedAt: now })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return { delivery: deliveryId, outcome: 'already-applied' };
      await tx
        .update(githubRepository)
        .set({ lastDeliveryAt: now })
        .where(eq(githubRepository.id, repository.id));
      const applied = await handler(tx, record, now, scope, payload);
      return { delivery: deliveryId, outcome: applied ? 'applied' : 'ignored' };
    });
  // GitHub does not send a failed delivery again by itself: a collision with another writer (a
  // deadlock, a serialisation failure) is retried here, the transaction having left nothing behind.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await apply();
    } catch (error) {
      if (attempt >= COLLISION_ATTEMPTS || databaseFailure(error)?.code !== 'CONFLICT') throw error;
    }
  }
}
