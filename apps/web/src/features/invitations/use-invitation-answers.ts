import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { unwrap } from '../../lib/auth-call';
import { switchOrganization } from '../../lib/organization';
import { useAuthMutation } from '../settings/use-auth-mutation';
import { useDashboardClients } from '../settings/use-organization';
import { invitationKeys } from './invitations';

export interface AnsweredInvitation {
  id: string;
  organizationId: string;
  organizationName: string;
  organizationSlug: string;
}

/**
 * Accepting or declining an invitation, wherever it is shown (its own page, the inbox, the home page).
 * Accepting makes the new organization the active one (the server does so too), so every page follows
 * it from the dashboard's home; declining leaves the person where they are, unless `leaveOnDecline`.
 */
export function useInvitationAnswers(
  invitation: AnsweredInvitation,
  options: { leaveOnDecline?: boolean } = {},
) {
  const clients = useDashboardClients();
  const queryClient = useQueryClient();
  const router = useRouter();
  const navigate = useNavigate();
  const forget = () => queryClient.invalidateQueries({ queryKey: invitationKeys.pending });
  const accept = useAuthMutation({
    path: '/organization/accept-invitation',
    call: () => unwrap(clients.authClient.organization.acceptInvitation({ invitationId: invitation.id })),
    failure: 'The invitation could not be accepted.',
    resource: 'invitation',
    success: `You joined ${invitation.organizationName}`,
    refresh: 'after',
    onSuccess: async () => {
      await switchOrganization(clients, {
        organizationId: invitation.organizationId,
        organizationSlug: invitation.organizationSlug,
      });
      await navigate({ to: '/dashboard' });
      await router.invalidate();
      await forget();
    },
  });
  const decline = useAuthMutation({
    path: '/organization/reject-invitation',
    call: () => unwrap(clients.authClient.organization.rejectInvitation({ invitationId: invitation.id })),
    failure: 'The invitation could not be declined.',
    resource: 'invitation',
    success: 'Invitation declined',
    refresh: 'after',
    onSuccess: async () => {
      // The invitation's own page has nothing left to show.
      if (options.leaveOnDecline) await navigate({ to: '/dashboard' });
      await forget();
    },
  });
  return { accept, decline, busy: accept.isPending || decline.isPending };
}
