import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PencilIcon, TeamIcon, TrashIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { SettingsSection } from '../../components/ui/section';
import { StackList } from '../../components/ui/stack-list';
import { unwrap } from '../../lib/auth-call';
import { myTeamsQueryOptions, type Team, teamMembershipsQueryOptions } from '../../lib/organization';
import { AccessNotice } from './access-notice';
import { TeamMembers } from './team-members';
import { mutationErrorText, useAuthMutation } from './use-auth-mutation';
import { type ActiveOrganizationView, useDashboardClients, useSession } from './use-organization';
import { useTeamMutations } from './use-team-mutations';
import { useTeamName } from './use-team-name';

/** Teams of the active organization: create, rename, delete, and who is in each. */
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
  const { name, setName, error, submit } = useTeamName('', (teamName) => create.mutate(teamName));
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
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { rename, remove, addMember, removeMember } = useTeamMutations(team, organization.id, {
    renamed: () => setRenaming(false),
    deleted: () => setDeleting(false),
  });
  const teamName = useTeamName(team.name, (name) => rename.mutate(name));

  return (
    <li aria-label={team.name} className="rounded-control border border-border bg-background/40">
      <div className="flex flex-wrap items-center gap-3 px-4 py-3">
        <span className="grid size-8 place-items-center rounded-control border border-border bg-surface text-muted-foreground">
          <TeamIcon className="size-4" />
        </span>
        {renaming ? (
          <form onSubmit={teamName.submit} noValidate className="flex min-w-0 flex-1 items-start gap-2">
            <Field
              label={`New name for ${team.name}`}
              value={teamName.name}
              maxLength={64}
              autoFocus
              className="min-w-0 flex-1 [&>label]:sr-only"
              error={teamName.error}
              onChange={(event) => teamName.setName(event.currentTarget.value)}
            />
            <Button type="submit" size="md" disabled={rename.isPending}>
              {rename.isPending ? 'Saving…' : 'Save'}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setRenaming(false);
                teamName.reset(team.name);
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
        <TeamMembers
          team={team}
          members={organization.members}
          memberIds={memberIds}
          membershipError={membershipError}
          canRemove={can.removeMembers}
          addMember={addMember}
          removeMember={removeMember}
        />
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
