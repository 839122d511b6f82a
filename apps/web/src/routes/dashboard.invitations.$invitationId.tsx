import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { AlertIcon, MailIcon } from '../components/icons';
import { Avatar } from '../components/ui/avatar';
import { Badge } from '../components/ui/badge';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { fullDateTime, relativeTime } from '../components/ui/format';
import { useInvitationAnswers } from '../features/invitations/use-invitation-answers';
import { useDashboardClients, useSession } from '../features/settings/use-organization';
import { roleLabel } from '../lib/access';
import { type InvitationDetails, invitationQueryOptions } from '../lib/organization';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/invitations/$invitationId')({
  // Loaders ship with the entry chunk; the organization code loads with the page instead.
  loader: ({ context, params }) =>
    import('../lib/organization').then(({ invitationQueryOptions: invitation }) =>
      context.queryClient.ensureQueryData(invitation(context.authClient, params.invitationId)),
    ),
  head: ({ match }) => pageHead(match.context.config, 'Invitation'),
  component: Page,
});

function Page() {
  const { invitationId } = Route.useParams();
  const { authClient } = useDashboardClients();
  const { data } = useSuspenseQuery(invitationQueryOptions(authClient, invitationId));
  return (
    <div className="mx-auto w-full max-w-md pt-[6vh]">
      {data.state === 'pending' ? (
        <PendingInvitation invitation={data.invitation} />
      ) : (
        <Unavailable verifyEmail={data.state === 'verify-email'} />
      )}
    </div>
  );
}

function PendingInvitation({ invitation }: { invitation: InvitationDetails }) {
  const { accept, decline, busy } = useInvitationAnswers(invitation, { leaveOnDecline: true });

  return (
    <Card className="p-6 text-center">
      <div className="flex justify-center">
        <Avatar name={invitation.organizationName} kind="organization" size="lg" />
      </div>
      <h1 className="mt-4 text-xl font-semibold tracking-tight text-foreground">
        Join {invitation.organizationName}
      </h1>
      <p className="mt-2 text-sm leading-6 text-muted-foreground">
        <span className="font-medium text-foreground">{invitation.inviterEmail}</span> invited you to join{' '}
        <span className="font-medium text-foreground">{invitation.organizationName}</span>.
      </p>
      <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-control border border-border bg-background/50 p-4 text-left text-[13px]">
        <dt className="text-muted-foreground">Organization</dt>
        <dd className="truncate text-foreground">{invitation.organizationName}</dd>
        <dt className="text-muted-foreground">Invited by</dt>
        <dd className="truncate text-foreground">{invitation.inviterEmail}</dd>
        <dt className="text-muted-foreground">Role</dt>
        <dd>
          <Badge tone="accent">{roleLabel(invitation.role)}</Badge>
        </dd>
        <dt className="text-muted-foreground">Sent to</dt>
        <dd className="truncate text-foreground">{invitation.email}</dd>
        <dt className="text-muted-foreground">Expires</dt>
        <dd className="text-foreground">
          <time
            dateTime={new Date(invitation.expiresAt).toISOString()}
            title={fullDateTime(invitation.expiresAt)}
          >
            {relativeTime(invitation.expiresAt)}
          </time>
        </dd>
      </dl>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        <Button size="lg" className="flex-1" disabled={busy} onClick={() => accept.mutate()}>
          {accept.isPending ? 'Joining…' : 'Accept invitation'}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          className="flex-1"
          disabled={busy}
          onClick={() => decline.mutate()}
        >
          {decline.isPending ? 'Declining…' : 'Decline'}
        </Button>
      </div>
    </Card>
  );
}

function Unavailable({ verifyEmail }: { verifyEmail: boolean }) {
  const session = useSession();
  return (
    <Card className="p-6 text-center" role="alert">
      <span className="mx-auto grid size-11 place-items-center rounded-full bg-subtle text-xl text-muted-foreground">
        {verifyEmail ? <MailIcon /> : <AlertIcon />}
      </span>
      <h1 className="mt-4 text-xl font-semibold tracking-tight text-foreground">
        {verifyEmail ? 'Verify your email address first' : 'This invitation is no longer valid'}
      </h1>
      <p className="mt-2 text-sm leading-6 text-muted-foreground">
        {verifyEmail ? (
          <>
            This server shows invitations only to verified email addresses. Verify{' '}
            <span className="font-medium text-foreground">{session.user.email}</span>, then open the link
            again.
          </>
        ) : (
          <>
            It has expired, was cancelled or already answered — or it was sent to another address than the one
            you are signed in with (<span className="font-medium text-foreground">{session.user.email}</span>
            ). Ask whoever invited you for a new link.
          </>
        )}
      </p>
      <Link to="/dashboard" className={buttonClasses('secondary', 'md', 'mt-6')}>
        Go to the dashboard
      </Link>
    </Card>
  );
}
