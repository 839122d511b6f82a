import { getRouteApi, useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { CopyIcon, MailIcon } from '../../components/icons';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { copyText } from '../../components/ui/copy-button';
import { CopyField } from '../../components/ui/copy-field';
import { Field } from '../../components/ui/field';
import { fullDateTime, relativeTime, shortDate } from '../../components/ui/format';
import { ListRow } from '../../components/ui/list-row';
import { SettingsSection } from '../../components/ui/section';
import { SelectField } from '../../components/ui/select';
import {
  assignableRoles,
  type OrganizationAbilities,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  roleLabel,
  rolesIn,
} from '../../lib/access';
import { unwrap } from '../../lib/auth-call';
import { type Invitation, invitationLink, type Member, pendingInvitations } from '../../lib/organization';
import {
  type FieldErrors,
  type InviteMemberInput,
  inviteMemberSchema,
  validateForm,
} from '../../lib/organization-forms';
import { AccessNotice } from './access-notice';
import { LeaveOrganizationButton } from './organization-danger-zone';
import { useAuthMutation } from './use-auth-mutation';
import { type ActiveOrganizationView, useDashboardClients, useSession } from './use-organization';

const dashboardRoute = getRouteApi('/dashboard');

/** Invite form, the member list and pending invitations of the active organization. */
export function MembersPanel({ view }: { view: ActiveOrganizationView }) {
  return (
    <>
      {view.can.inviteMembers ? (
        <InviteMemberForm key={view.organization.id} view={view} />
      ) : (
        <div className="mb-6">
          <AccessNotice resource="invitations">Only owners and admins can invite people.</AccessNotice>
        </div>
      )}
      <MembersList view={view} />
      <PendingInvitations view={view} />
    </>
  );
}

function InviteMemberForm({ view }: { view: ActiveOrganizationView }) {
  const { organization, role } = view;
  const { authClient } = useDashboardClients();
  const { config } = dashboardRoute.useRouteContext();
  const roles = assignableRoles(role);
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<string>('member');
  const [errors, setErrors] = useState<FieldErrors<InviteMemberInput>>({});
  const [sent, setSent] = useState<{ email: string; link: string } | null>(null);

  const invite = useAuthMutation({
    path: '/organization/invite-member',
    call: (input: InviteMemberInput) =>
      unwrap(
        authClient.organization.inviteMember({
          email: input.email,
          role: input.role as 'member',
          organizationId: organization.id,
        }),
      ),
    failure: 'The invitation could not be sent.',
    resource: 'invitations',
    toastErrors: false,
    success: (_data, input) => `Invited ${input.email}`,
    onSuccess: (invitation, input) => {
      if (invitation) setSent({ email: input.email, link: invitationLink(config.appUrl, invitation.id) });
      setEmail('');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(inviteMemberSchema, { email, role: inviteRole });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSent(null);
    invite.mutate(result.data);
  };

  const roleKey = rolesIn(inviteRole)[0];

  return (
    <SettingsSection
      title="Invite people"
      description={`They join ${organization.name} with the role you choose once they accept.`}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="grid items-start gap-3 sm:grid-cols-[1fr_10rem_auto]">
          <Field
            label="Email address"
            name="email"
            type="email"
            autoComplete="off"
            placeholder="teammate@example.com"
            value={email}
            error={errors.email ?? invite.failureText}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <SelectField
            label="Role"
            name="role"
            value={inviteRole}
            error={errors.role}
            options={roles.map((name) => ({ value: name, label: ROLE_LABELS[name] }))}
            onChange={(event) => setInviteRole(event.currentTarget.value)}
          />
          <Button type="submit" className="sm:mt-[26px]" disabled={invite.isPending}>
            <MailIcon className="size-4" />
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </div>
        {roleKey ? <p className="-mt-1 text-xs text-muted-foreground">{ROLE_DESCRIPTIONS[roleKey]}</p> : null}
        {sent ? (
          <div className="rounded-control border border-success/30 bg-success/5 p-3">
            <CopyField
              label="Invitation link"
              value={sent.link}
              hint={`Share this link with ${sent.email}. It is also emailed when this server has mail set up.`}
            />
          </div>
        ) : null}
      </form>
    </SettingsSection>
  );
}

function MembersList({ view }: { view: ActiveOrganizationView }) {
  const { organization } = view;
  const members = [...organization.members].sort(
    (a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime(),
  );
  return (
    <SettingsSection
      title="Members"
      description={`${members.length} ${members.length === 1 ? 'person has' : 'people have'} access to ${organization.name}.`}
    >
      <ul aria-label="Members" className="-mx-5 divide-y divide-border border-t border-border">
        {members.map((member) => (
          <MemberRow key={member.id} member={member} view={view} />
        ))}
      </ul>
    </SettingsSection>
  );
}

/** Whether `mine` may change or remove a member whose role is `theirs`: only owners touch owners. */
function mayManage(can: OrganizationAbilities, mine: string, theirs: string, action: 'update' | 'remove') {
  const allowed = action === 'update' ? can.updateMembers : can.removeMembers;
  if (!allowed) return false;
  return !rolesIn(theirs).includes('owner') || rolesIn(mine).includes('owner');
}

function MemberRow({ member, view }: { member: Member; view: ActiveOrganizationView }) {
  const { organization, role: myRole, can } = view;
  const session = useSession();
  const { authClient } = useDashboardClients();
  const router = useRouter();
  const isMe = member.userId === session.user.id;
  const [removing, setRemoving] = useState(false);
  const name = member.user.name || member.user.email;

  const changeRole = useAuthMutation({
    path: '/organization/update-member-role',
    call: (role: string) =>
      unwrap(
        authClient.organization.updateMemberRole({
          memberId: member.id,
          role: role as 'member',
          organizationId: organization.id,
        }),
      ),
    failure: 'The role could not be changed.',
    resource: 'members',
    success: (_data, role) => `${name} is now ${roleLabel(role).toLowerCase()}`,
  });
  const remove = useAuthMutation({
    path: '/organization/remove-member',
    call: () =>
      unwrap(
        authClient.organization.removeMember({ memberIdOrEmail: member.id, organizationId: organization.id }),
      ),
    failure: 'The member could not be removed.',
    resource: 'members',
    success: `Removed ${name}`,
    onSuccess: () => {
      setRemoving(false);
      return router.invalidate();
    },
  });

  const canChangeRole = !isMe && mayManage(can, myRole, member.role, 'update');
  const canRemove = !isMe && mayManage(can, myRole, member.role, 'remove');
  const roleOptions = assignableRoles(myRole).map((value) => ({ value, label: ROLE_LABELS[value] }));
  if (!roleOptions.some((option) => option.value === member.role))
    roleOptions.unshift({ value: member.role, label: roleLabel(member.role) });

  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-3" aria-label={name}>
      <Avatar name={name} image={member.user.image} size="md" />
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 truncate text-[13px] font-medium text-foreground">
          <span className="truncate">{member.user.name}</span>
          {isMe ? <Badge tone="accent">You</Badge> : null}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {member.user.email} · joined{' '}
          <time dateTime={new Date(member.createdAt).toISOString()}>{shortDate(member.createdAt)}</time>
        </p>
      </div>
      {canChangeRole ? (
        <SelectField
          label={`Role of ${name}`}
          hideLabel
          className="w-32"
          value={member.role}
          disabled={changeRole.isPending}
          options={roleOptions}
          onChange={(event) => changeRole.mutate(event.currentTarget.value)}
        />
      ) : (
        <Badge tone={rolesIn(member.role).includes('owner') ? 'accent' : 'neutral'}>
          {roleLabel(member.role)}
        </Badge>
      )}
      <div className="flex w-36 justify-end">
        {isMe ? (
          <LeaveOrganizationButton
            organizationId={organization.id}
            organizationName={organization.name}
            size="sm"
          />
        ) : canRemove ? (
          <Button variant="ghost" size="sm" onClick={() => setRemoving(true)} aria-label={`Remove ${name}`}>
            Remove
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title={`Remove ${name}?`}
        description={`${name} loses access to ${organization.name} and its projects. You can invite them again later.`}
        confirmLabel="Remove member"
        pendingLabel="Removing…"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}

function PendingInvitations({ view }: { view: ActiveOrganizationView }) {
  const invitations = pendingInvitations(view.organization.invitations);
  return (
    <SettingsSection
      title="Pending invitations"
      description={
        invitations.length === 0
          ? 'Nobody is waiting to join.'
          : 'People who have not answered yet. Links stop working after 7 days; resending renews them.'
      }
    >
      {invitations.length > 0 ? (
        <ul aria-label="Pending invitations" className="-mx-5 divide-y divide-border border-t border-border">
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} view={view} />
          ))}
        </ul>
      ) : null}
    </SettingsSection>
  );
}

function InvitationRow({ invitation, view }: { invitation: Invitation; view: ActiveOrganizationView }) {
  const { organization, can } = view;
  const { authClient } = useDashboardClients();
  const { config } = dashboardRoute.useRouteContext();
  const link = invitationLink(config.appUrl, invitation.id);
  const expired = new Date(invitation.expiresAt).getTime() < Date.now();

  const resend = useAuthMutation({
    path: '/organization/invite-member',
    call: () =>
      unwrap(
        authClient.organization.inviteMember({
          email: invitation.email,
          role: invitation.role as 'member',
          organizationId: organization.id,
          resend: true,
        }),
      ),
    failure: 'The invitation could not be resent.',
    resource: 'invitations',
    success: `Invitation to ${invitation.email} sent again`,
  });
  const cancel = useAuthMutation({
    path: '/organization/cancel-invitation',
    call: () => unwrap(authClient.organization.cancelInvitation({ invitationId: invitation.id })),
    failure: 'The invitation could not be cancelled.',
    resource: 'invitations',
    success: `Cancelled the invitation to ${invitation.email}`,
  });

  return (
    <ListRow
      label={invitation.email}
      icon={<MailIcon className="size-4" />}
      iconStyle="dashed"
      title={invitation.email}
      end={
        <>
          <Badge tone={expired ? 'danger' : 'neutral'}>{roleLabel(invitation.role)}</Badge>
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Copy invitation link for ${invitation.email}`}
              title="Copy invitation link"
              onClick={async () => {
                if (await copyText(link, null)) toast.success('Link copied');
                else toast(link);
              }}
            >
              <CopyIcon className="size-4" />
            </Button>
            {can.inviteMembers ? (
              <Button variant="ghost" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
                {resend.isPending ? 'Sending…' : 'Resend'}
              </Button>
            ) : null}
            {can.cancelInvitations ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate()}
                aria-label={`Cancel invitation for ${invitation.email}`}
              >
                Cancel
              </Button>
            ) : null}
          </div>
        </>
      }
    >
      <p className="text-xs text-muted-foreground">
        <time
          dateTime={new Date(invitation.expiresAt).toISOString()}
          title={fullDateTime(invitation.expiresAt)}
        >
          {expired ? 'Expired' : `Expires ${relativeTime(invitation.expiresAt)}`}
        </time>
      </p>
    </ListRow>
  );
}
