import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CloseIcon, PencilIcon, TeamIcon, TrashIcon } from '../../components/icons';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { SettingsSection } from '../../components/ui/section';
import { SelectField } from '../../components/ui/select';
import { StackList } from '../../components/ui/stack-list';
import { unwrap } from '../../lib/auth-call';
import {
  type Member,
  myTeamsQueryOptions,
  type Team,
  teamMembershipsQueryOptions,
} from '../../lib/organization';
import { teamNameSchema, validateForm } from '../../lib/organization-forms';
import { AccessNotice } from './access-notice';
import { mutationErrorText, useAuthMutation } from './use-auth-mutation';
import { type ActiveOrganizationView, useDashboardClients, useSession } from './use-organization';

/** Teams of the active organisation: create, rename, delete, and who is in each. */
export function TeamsPanel({ view }: { view: ActiveOrganizationView }) {
  const { organization, can } = view;
  const { authClient } = useDashboardClients();
  const session = useSession();
  const teams = [...organization.teams].sort(
    (a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime(),
  );
  const userIds = organization.members.map((member) => member.userId);

  // Owners and admins see everyone's teams; members see which teams they are in themselves.
  const memberships = useQuery({
    ...teamMembershipsQueryOptions(authClient, organization.id, userIds),
    enabled: can.updateMembers,
  });
  const myTeams = useQuery({
    ...myTeamsQueryOptions(authClient, organization.id),
    enabled: !can.updateMembers,
  });
  const myTeamIds = new Set((myTeams.data ?? []).map((team) => team.id));

  return (
    <>
      {can.createTeams ? <CreateTeamForm key={organization.id} organizationId={organization.id} /> : null}
      <SettingsSection
        title="Teams"
        description={
          teams.length === 0
            ? 'No teams yet. Teams group members, for example by product area.'
            : `${teams.length} ${teams.length === 1 ? 'team' : 'teams'} in ${organization.name}.`
        }
      >
        {!can.createTeams ? (
          <AccessNotice resource="teams" className="mb-4">
            Only owners and admins can create and change teams.
          </AccessNotice>
        ) : null}
        {teams.length > 0 ? (
          <StackList label="Teams">
            {teams.map((team) => (
              <TeamCard
                key={team.id}
                team={team}
                view={view}
                memberIds={memberships.data ? (memberships.data[team.id] ?? []) : undefined}
                membershipError={memberships.error}
                includesMe={
                  myTeamIds.has(team.id) || Boolean(memberships.data?.[team.id]?.includes(session.user.id))
                }
              />
            ))}
          </StackList>
        ) : null}
      </SettingsSection>
    </>
  );
}

function CreateTeamForm({ organizationId }: { organizationId: string }) {
  const { authClient } = useDashboardClients();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const create = useAuthMutation({
    path: '/organization/create-team',
    call: (teamName: string) =>
      unwrap(authClient.organization.createTeam({ name: teamName, organizationId })),
    failure: 'The team could not be created.',
    resource: 'teams',
    toastErrors: false,
    success: (_data, teamName) => `Created team ${teamName}`,
    onSuccess: () => setName(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(teamNameSchema, { name });
    if (!result.ok) {
      setError(result.errors.name);
      return;
    }
    setError(undefined);
    create.mutate(result.data.name);
  };
  return (
    <SettingsSection title="Create a team" description="Give it a name; add members once it exists.">
      <form onSubmit={submit} noValidate className="grid items-start gap-3 sm:grid-cols-[1fr_auto]">
        <Field
          label="Team name"
          name="name"
          value={name}
          maxLength={64}
          placeholder="Platform"
          error={error ?? mutationErrorText(create.error, 'The team could not be created.', 'teams')}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button type="submit" className="sm:mt-[26px]" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create team'}
        </Button>
      </form>
    </SettingsSection>
  );
}

function TeamCard({
  team,
  view,
  memberIds,
  membershipError,
  includesMe,
}: {
  team: Team;
  view: ActiveOrganizationView;
  memberIds: string[] | undefined;
  membershipError: unknown;
  includesMe: boolean;
}) {
  const { organization, can } = view;
  const { authClient } = useDashboardClients();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [name, setName] = useState(team.name);
  const [nameError, setNameError] = useState<string>();
  const [adding, setAdding] = useState('');

  const rename = useAuthMutation({
    path: '/organization/update-team',
    call: (teamName: string) =>
      unwrap(authClient.organization.updateTeam({ teamId: team.id, data: { name: teamName } })),
    failure: 'The team could not be renamed.',
    resource: 'teams',
    success: (_data, teamName) => `Renamed to ${teamName}`,
    onSuccess: () => setRenaming(false),
  });
  const remove = useAuthMutation({
    path: '/organization/remove-team',
    call: () =>
      unwrap(authClient.organization.removeTeam({ teamId: team.id, organizationId: organization.id })),
    failure: 'The team could not be deleted.',
    resource: 'teams',
    success: `Deleted team ${team.name}`,
    onSuccess: () => setDeleting(false),
  });
  const addMember = useAuthMutation({
    path: '/organization/add-team-member',
    call: (userId: string) =>
      unwrap(
        authClient.organization.addTeamMember({ teamId: team.id, userId, organizationId: organization.id }),
      ),
    failure: 'The member could not be added to the team.',
    resource: 'teams',
    success: `Added to ${team.name}`,
    onSuccess: () => setAdding(''),
  });
  const removeMember = useAuthMutation({
    path: '/organization/remove-team-member',
    call: (userId: string) =>
      unwrap(
        authClient.organization.removeTeamMember({
          teamId: team.id,
          userId,
          organizationId: organization.id,
        }),
      ),
    failure: 'The member could not be removed from the team.',
    resource: 'teams',
    success: `Removed from ${team.name}`,
  });

  const membersById = new Map(organization.members.map((member) => [member.userId, member]));
  const inTeam = (memberIds ?? []).map((id) => membersById.get(id)).filter((m): m is Member => Boolean(m));
  const notInTeam = organization.members.filter((member) => !memberIds?.includes(member.userId));

  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(teamNameSchema, { name });
    if (!result.ok) {
      setNameError(result.errors.name);
      return;
    }
    setNameError(undefined);
    rename.mutate(result.data.name);
  };

  return (
    <li aria-label={team.name} className="rounded-control border border-border bg-background/40">
      <div className="flex flex-wrap items-center gap-3 px-4 py-3">
        <span className="grid size-8 place-items-center rounded-control border border-border bg-surface text-muted-foreground">
          <TeamIcon className="size-4" />
        </span>
        {renaming ? (
          <form onSubmit={submitRename} noValidate className="flex min-w-0 flex-1 items-start gap-2">
            <Field
              label={`New name for ${team.name}`}
              value={name}
              maxLength={64}
              autoFocus
              className="min-w-0 flex-1 [&>label]:sr-only"
              error={nameError}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Button type="submit" size="md" disabled={rename.isPending}>
              {rename.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setRenaming(false);
                setName(team.name);
                setNameError(undefined);
              }}
            >
              Cancel
            </Button>
          </form>
        ) : (
          <>
            <p className="min-w-0 flex-1 truncate text-[13px] font-semibold text-foreground">
              {team.name} {includesMe ? <Badge tone="accent">Your team</Badge> : null}
            </p>
            {can.updateTeams ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setRenaming(true)}
                aria-label={`Rename ${team.name}`}
              >
                <PencilIcon className="size-3.5" />
                Rename
              </Button>
            ) : null}
            {can.deleteTeams ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setDeleting(true)}
                aria-label={`Delete ${team.name}`}
              >
                <TrashIcon className="size-3.5" />
                Delete
              </Button>
            ) : null}
          </>
        )}
      </div>
      {can.updateMembers ? (
        <div className="flex flex-col gap-3 border-t border-border px-4 py-3">
          {membershipError ? (
            <p className="text-[13px] text-danger">
              {mutationErrorText(membershipError, 'Team members could not be loaded.', 'teams')}
            </p>
          ) : memberIds === undefined ? (
            <p className="text-[13px] text-muted-foreground">Loading members…</p>
          ) : inTeam.length === 0 ? (
            <p className="text-[13px] text-muted-foreground">Nobody is in this team yet.</p>
          ) : (
            <ul aria-label={`Members of ${team.name}`} className="flex flex-wrap gap-2">
              {inTeam.map((member) => (
                <li
                  key={member.userId}
                  className="inline-flex h-7 items-center gap-1.5 rounded-full border border-border bg-surface pr-1 pl-1 text-[12px] text-foreground"
                >
                  <Avatar name={member.user.name} image={member.user.image} size="xs" />
                  {member.user.name}
                  {can.removeMembers ? (
                    <button
                      type="button"
                      disabled={removeMember.isPending}
                      onClick={() => removeMember.mutate(member.userId)}
                      aria-label={`Remove ${member.user.name} from ${team.name}`}
                      className="grid size-5 place-items-center rounded-full text-muted-foreground hover:bg-subtle hover:text-foreground"
                    >
                      <CloseIcon className="size-3" />
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {memberIds !== undefined && notInTeam.length > 0 ? (
            <div className="flex items-end gap-2">
              <SelectField
                label={`Add a member to ${team.name}`}
                hideLabel
                className="w-56"
                value={adding}
                options={[
                  { value: '', label: 'Add a member…' },
                  ...notInTeam.map((member) => ({
                    value: member.userId,
                    label: member.user.name || member.user.email,
                  })),
                ]}
                onChange={(event) => setAdding(event.currentTarget.value)}
              />
              <Button
                variant="secondary"
                disabled={!adding || addMember.isPending}
                onClick={() => addMember.mutate(adding)}
              >
                {addMember.isPending ? 'Adding…' : 'Add'}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete team ${team.name}?`}
        description="Its members stay in the organization; only the team goes."
        confirmLabel="Delete team"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}
