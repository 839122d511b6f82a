import { type Permission, type RoleName, roleAllows } from '@switchboard/auth/access';

/**
 * What the signed-in member may do in the active organization, from their role. The screens
 * hide or disable what is not allowed and say why; the server enforces the same table regardless.
 */
export interface OrganizationAbilities {
  updateOrganization: boolean;
  /** Deleting projects and changing a project's settings (its workflow, its repositories). */
  manageProjects: boolean;
  deleteOrganization: boolean;
  inviteMembers: boolean;
  cancelInvitations: boolean;
  updateMembers: boolean;
  removeMembers: boolean;
  createTeams: boolean;
  updateTeams: boolean;
  deleteTeams: boolean;
}

const ABILITIES: Record<keyof OrganizationAbilities, Permission> = {
  updateOrganization: { organization: ['update'] },
  manageProjects: { organization: ['update'] },
  deleteOrganization: { organization: ['delete'] },
  inviteMembers: { invitation: ['create'] },
  cancelInvitations: { invitation: ['cancel'] },
  updateMembers: { member: ['update'] },
  removeMembers: { member: ['delete'] },
  createTeams: { team: ['create'] },
  updateTeams: { team: ['update'] },
  deleteTeams: { team: ['delete'] },
};

/** `role` may list several roles, comma-separated: any role granting an action suffices. */
export function abilitiesOf(role: string | null | undefined): OrganizationAbilities {
  const entries = Object.entries(ABILITIES).map(([ability, permission]) => [
    ability,
    role ? roleAllows(role, permission) : false,
  ]);
  return Object.fromEntries(entries) as unknown as OrganizationAbilities;
}

export const ROLE_NAMES: readonly RoleName[] = ['owner', 'admin', 'member'];

function isRoleName(name: string): name is RoleName {
  return ROLE_NAMES.some((known) => known === name);
}

export const ROLE_LABELS: Record<RoleName, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

export const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  owner: 'Everything, including deleting the organization.',
  admin: 'Everything except deleting the organization.',
  member: 'Works on projects; cannot change settings, members or teams.',
};

/** The roles in a role list, known ones only, in the order owner, admin, member. */
export function rolesIn(role: string | null | undefined): RoleName[] {
  const names = new Set((role ?? '').split(',').map((name) => name.trim()));
  return ROLE_NAMES.filter((name) => names.has(name));
}

/** 'Owner', 'Admin, Member' … an unknown (custom) role is shown as it is. */
export function roleLabel(role: string): string {
  return role
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => (isRoleName(name) ? ROLE_LABELS[name] : name))
    .join(', ');
}

/**
 * The roles someone with `role` may hand out when inviting or changing a member. Only an owner makes
 * owners (the server refuses anyone else); nobody hands out what they cannot do themselves.
 */
export function assignableRoles(role: string | null | undefined): RoleName[] {
  const mine = rolesIn(role);
  if (mine.includes('owner')) return ['owner', 'admin', 'member'];
  if (mine.includes('admin')) return ['admin', 'member'];
  return [];
}
