import { endpoints } from '@switchboard/api-client/endpoints';
import { ERROR_CODES } from '@switchboard/api-client/errors';
import { receiveDelivery } from '../domain/development/deliveries';
import type { GithubIntegration } from '../domain/development/integration';
import type { StatusSender } from '../domain/development/status-sender';
import { AppError, describeForLog } from '../domain/errors';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

/**
 * GitHub's deliveries. The answer is always one GitHub can act on: 202 when taken (applied, already
 * applied or ignored), 4xx when refused with the reason. A failure of our own is answered 422 with
 * nothing kept, never 5xx, so the delivery shows as failed on GitHub and can be redelivered.
 */
export function githubWebhookRoutes(
  services: DomainServices,
  github: GithubIntegration,
  statuses: StatusSender,
) {
  return endpointRoutes().on(endpoints.webhooks.github, async ({ params, c }) => {
    const body = new Uint8Array(await c.req.arrayBuffer());
    let receipt: Awaited<ReturnType<typeof receiveDelivery>>;
    try {
      receipt = await receiveDelivery(services, github, {
        repositoryId: params.repositoryId,
        event: c.req.header('x-github-event'),
        deliveryId: c.req.header('x-github-delivery'),
        signature: c.req.header('x-hub-signature-256'),
        body,
      });
    } catch (error) {
      // A refusal GitHub can act on passes; anything of ours (a 5xx among them) becomes one answer.
      if (error instanceof AppError && ERROR_CODES[error.code].status < 500) throw error;
      console.error(
        `[github] delivery ${c.req.header('x-github-delivery')} not applied: ${describeForLog(error)}`,
      );
      throw new AppError('WEBHOOK_DELIVERY_FAILED');
    }
    // What the delivery queued goes out now rather than at the next sweep; the sweep retries failures.
    if (receipt.outcome === 'applied') statuses.nudge();
    return receipt;
  }).app;
}
