import { unwrap } from '../../lib/auth-call';
import type { Team } from '../../lib/organization';
import { useAuthMutation } from './use-auth-mutation';
import { useDashboardClients } from './use-organization';

/** What an owner or admin does to one team: rename it, delete it, add and remove its members. */
export function useTeamMutations(
  team: Team,
  organizationId: string,
  after: { renamed: () => void; deleted: () => void },
) {
  const { authClient } = useDashboardClients();
  const rename = useAuthMutation({
    path: '/organization/update-team',
    call: (teamName: string) =>
      unwrap(authClient.organization.updateTeam({ teamId: team.id, data: { name: teamName } })),
    failure: 'The team could not be renamed.',
    resource: 'teams',
    success: (_data, teamName) => `Renamed to ${teamName}`,
    onSuccess: after.renamed,
  });
  const remove = useAuthMutation({
    path: '/organization/remove-team',
    call: () => unwrap(authClient.organization.removeTeam({ teamId: team.id, organizationId })),
    failure: 'The team could not be deleted.',
    resource: 'teams',
    success: `Deleted team ${team.name}`,
    onSuccess: after.deleted,
  });
  const addMember = useAuthMutation({
    path: '/organization/add-team-member',
    call: (userId: string) =>
      unwrap(authClient.organization.addTeamMember({ teamId: team.id, userId, organizationId })),
    failure: 'The member could not be added to the team.',
    resource: 'teams',
    success: `Added to ${team.name}`,
  });
  const removeMember = useAuthMutation({
    path: '/organization/remove-team-member',
    call: (userId: string) =>
      unwrap(authClient.organization.removeTeamMember({ teamId: team.id, userId, organizationId })),
    failure: 'The member could not be removed from the team.',
    resource: 'teams',
    success: `Removed from ${team.name}`,
  });
  return { rename, remove, addMember, removeMember };
}
