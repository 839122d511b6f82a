/**
 * Query keys for organizations. Everything that belongs to the active organization sits under
 * `scope`, so one invalidation refreshes it after any organization call.
 */
export const organizationKeys = {
  /** The organizations the user belongs to. */
  list: ['organizations'] as const,
  /** Everything scoped to an organization. */
  scope: ['organization'] as const,
  full: (organizationId: string) => ['organization', organizationId, 'full'] as const,
  activeMember: (organizationId: string) => ['organization', organizationId, 'active-member'] as const,
  activeMemberRole: (organizationId: string) =>
    ['organization', organizationId, 'active-member-role'] as const,
  /** Which members are in which team (needs member:update to read other people's teams). */
  teamMemberships: (organizationId: string) => ['organization', organizationId, 'team-memberships'] as const,
  /** The teams the signed-in user is in. */
  myTeams: (organizationId: string) => ['organization', organizationId, 'my-teams'] as const,
  /** An invitation addressed to the signed-in user: not part of any organization they are in yet. */
  invitation: (invitationId: string) => ['invitation', invitationId] as const,
};
