import type { PendingInvitation } from '@switchboard/api-client/contract';
import { useQuery } from '@tanstack/react-query';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { fullDateTime, relativeTime } from '../../components/ui/format';
import { UserText } from '../../components/ui/user-text';
import { useApi } from '../../hooks/use-api';
import { roleLabel } from '../../lib/access';
import { pendingInvitationsQueryOptions } from './invitations';
import { useInvitationAnswers } from './use-invitation-answers';

/**
 * Invitations waiting for the signed-in person, each with Accept and Decline: on the home page and in
 * the inbox, so someone who already has an account sees one without its e-mail. Nothing when none wait.
 */
export function PendingInvitations() {
  const api = useApi();
  const { data: invitations = [] } = useQuery(pendingInvitationsQueryOptions(api));
  if (invitations.length === 0) return null;
  return (
    <section aria-label="Invitations" className="mb-6">
      <ul className="flex flex-col gap-2">
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: PendingInvitation }) {
  const { accept, decline, busy } = useInvitationAnswers({
    id: invitation.id,
    organizationId: invitation.organization.id,
    organizationName: invitation.organization.name,
    organizationSlug: invitation.organization.slug,
  });
  const name = invitation.organization.name;
  return (
    <li
      aria-label={`Invitation to ${name}`}
      className="flex flex-wrap items-center gap-3 rounded-card border border-accent/40 bg-accent/5 px-4 py-3"
    >
      <Avatar name={name} image={invitation.organization.logo} kind="organization" size="sm" />
      <p className="min-w-0 flex-1 text-[13px] text-foreground">
        <UserText>{invitation.inviter.name}</UserText> invited you to join{' '}
        <span className="font-medium">
          <UserText>{name}</UserText>
        </span>{' '}
        as {roleLabel(invitation.role).toLowerCase()}.{' '}
        <span className="text-muted-foreground">
          Expires{' '}
          <time dateTime={invitation.expiresAt} title={fullDateTime(invitation.expiresAt)}>
            {relativeTime(invitation.expiresAt)}
          </time>
          .
        </span>
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => decline.mutate()}>
          {decline.isPending ? 'Declining…' : 'Decline'}
        </Button>
        <Button size="sm" disabled={busy} onClick={() => accept.mutate()}>
          {accept.isPending ? 'Joining…' : 'Accept'}
        </Button>
      </div>
    </li>
  );
}
