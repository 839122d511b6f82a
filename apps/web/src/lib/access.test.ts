import { describe, expect, it } from 'vitest';
import { abilitiesOf, assignableRoles, roleLabel, rolesIn } from './access';

const everything = {
  updateOrganization: true,
  manageProjects: true,
  deleteOrganization: true,
  inviteMembers: true,
  cancelInvitations: true,
  updateMembers: true,
  removeMembers: true,
  createTeams: true,
  updateTeams: true,
  deleteTeams: true,
};
const nothing = Object.fromEntries(Object.keys(everything).map((key) => [key, false]));

describe('abilitiesOf (what each organization role may do)', () => {
  it('lets an owner do everything', () => {
    expect(abilitiesOf('owner')).toEqual(everything);
  });

  it('lets an admin do everything but delete the organization', () => {
    expect(abilitiesOf('admin')).toEqual({ ...everything, deleteOrganization: false });
  });

  it('lets a member change nothing in settings (member has ac:read only)', () => {
    expect(abilitiesOf('member')).toEqual(nothing);
  });

  it('grants what any of several comma-separated roles grants', () => {
    expect(abilitiesOf('member, admin')).toEqual(abilitiesOf('admin'));
    expect(abilitiesOf('admin,owner').deleteOrganization).toBe(true);
  });

  it('grants nothing to an unknown, empty or missing role', () => {
    expect(abilitiesOf('guest')).toEqual(nothing);
    expect(abilitiesOf('')).toEqual(nothing);
    expect(abilitiesOf(null)).toEqual(nothing);
    expect(abilitiesOf(undefined)).toEqual(nothing);
  });
});

describe('roles in the UI', () => {
  it('lets owners hand out every role, admins admin and member, members none', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'admin', 'member']);
    expect(assignableRoles('admin')).toEqual(['admin', 'member']);
    expect(assignableRoles('admin,member')).toEqual(['admin', 'member']);
    expect(assignableRoles('member')).toEqual([]);
    expect(assignableRoles(undefined)).toEqual([]);
  });

  it('names roles in words and keeps custom ones as they are', () => {
    expect(roleLabel('owner')).toBe('Owner');
    expect(roleLabel('admin, member')).toBe('Admin, Member');
    expect(roleLabel('auditor')).toBe('auditor');
  });

  it('lists the known roles of a role list in rank order', () => {
    expect(rolesIn('member,owner,auditor')).toEqual(['owner', 'member']);
    expect(rolesIn(null)).toEqual([]);
  });
});
