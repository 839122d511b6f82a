import type { TypedApi } from '@switchboard/api-client';
import { queryOptions } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';

export const invitationKeys = {
  pending: ['invitations', 'pending'] as const,
};

/**
 * Invitations waiting for the signed-in person, from organizations they are not in yet. Kept current by
 * the event stream's `invitations` notice, which any organization's invitation to them sends.
 */
export const pendingInvitationsQueryOptions = (api: TypedApi) =>
  queryOptions({
    queryKey: invitationKeys.pending,
    queryFn: async ({ signal }) => (await api.invitations.pending({ signal })).items,
    retry: retryUnlessClientError,
  });
