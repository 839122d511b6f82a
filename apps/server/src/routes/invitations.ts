import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { pendingInvitationsOf } from '../domain/invitations/pending-invitations';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

/** The signed-in person's invitations to other organizations, for their inbox and home page. */
export function invitationRoutes(services: DomainServices) {
  const { db } = services;
  return endpointRoutes<{ Variables: ActingVariables }>().on(
    endpoints.invitations.pending,
    async ({ c }) => ({
      items: await pendingInvitationsOf(db, c.var.acting, services.clock.now()),
    }),
  ).app;
}
