import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SettingsSection } from '../../components/ui/section';
import { unwrap } from '../../lib/auth-call';
import { afterActiveOrganizationGone } from '../../lib/organization';
import { useAuthMutation } from './use-auth-mutation';
import { type ActiveOrganizationView, useDashboardClients } from './use-organization';

/** Leave the organization, and, for owners only, delete it after typing its slug. */
export function OrganizationDangerZone({ view }: { view: ActiveOrganizationView }) {
  const { organization, can } = view;
  return (
    <SettingsSection title="Danger zone" tone="danger" description="These cannot be undone.">
      <div className="divide-y divide-border">
        <div className="flex flex-wrap items-center justify-between gap-3 pb-4">
          <div className="min-w-0 text-[13px]">
            <p className="font-medium text-foreground">Leave organization</p>
            <p className="text-muted-foreground">
              You lose access to {organization.name} until someone invites you again.
            </p>
          </div>
          <LeaveOrganizationButton organizationId={organization.id} organizationName={organization.name} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 pt-4">
          <div className="min-w-0 text-[13px]">
            <p className="font-medium text-foreground">Delete this organization</p>
            <p className="text-muted-foreground">
              {can.deleteOrganization
                ? 'Deletes the organization with its projects, members, invitations and teams.'
                : 'Only an owner can delete the organization. Ask an owner if it should go.'}
            </p>
          </div>
          {can.deleteOrganization ? <DeleteOrganizationButton view={view} /> : null}
        </div>
      </div>
    </SettingsSection>
  );
}

function DeleteOrganizationButton({ view }: { view: ActiveOrganizationView }) {
  const { organization } = view;
  const clients = useDashboardClients();
  const router = useRouter();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useAuthMutation({
    path: '/organization/delete',
    call: () => unwrap(clients.authClient.organization.delete({ organizationId: organization.id })),
    failure: 'The organization could not be deleted.',
    resource: 'organization',
    success: `Deleted ${organization.name}`,
    refresh: 'after',
    onSuccess: async () => {
      setOpen(false);
      await navigate({ to: '/dashboard' });
      await afterActiveOrganizationGone(clients, organization.id);
      await router.invalidate();
    },
  });
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete organization
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Delete ${organization.name}?`}
        description={
          <>
            Its projects, members, invitations and teams are deleted for everyone. Type{' '}
            <strong className="font-mono text-foreground">{organization.slug}</strong> to confirm.
          </>
        }
        typedConfirmation={{ label: 'Organization slug', expected: organization.slug }}
        confirmLabel="Delete organization"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}

/** Leaves the organization after a confirmation; the first remaining organization becomes active. */
export function LeaveOrganizationButton({
  organizationId,
  organizationName,
  size = 'md',
}: {
  organizationId: string;
  organizationName: string;
  size?: 'sm' | 'md';
}) {
  const clients = useDashboardClients();
  const router = useRouter();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const leave = useAuthMutation({
    path: '/organization/leave',
    call: () => unwrap(clients.authClient.organization.leave({ organizationId })),
    failure: 'You could not leave the organization.',
    success: `You left ${organizationName}`,
    refresh: 'after',
    onSuccess: async () => {
      setOpen(false);
      await navigate({ to: '/dashboard' });
      await afterActiveOrganizationGone(clients, organizationId);
      await router.invalidate();
    },
  });
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        Leave organization
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Leave ${organizationName}?`}
        description="You lose access to its projects and settings. To come back, someone has to invite you again."
        confirmLabel="Leave organization"
        pendingLabel="Leaving…"
        pending={leave.isPending}
        onConfirm={() => leave.mutate()}
      />
    </>
  );
}
