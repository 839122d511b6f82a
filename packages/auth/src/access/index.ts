import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements, memberAc, ownerAc } from 'better-auth/plugins/organization/access';

/**
 * The roles, exactly better-auth's defaults: owner may do everything, admin everything but
 * organization:delete, member only ac:read. One definition serves the server (enforcing) and the web
 * (hiding what a role cannot do).
 */
export const statements = defaultStatements;
export const accessControl = createAccessControl(statements);
export const roles = { owner: ownerAc, admin: adminAc, member: memberAc };

export type RoleName = keyof typeof roles;
export type Resource = keyof typeof statements;
export type Permission = { [R in Resource]?: (typeof statements)[R][number][] };

/** Whether a member's role string (comma-separated; any role granting suffices) allows every action asked. */
export function roleAllows(roleList: string, permission: Permission): boolean {
  return roleList
    .split(',')
    .map((name) => name.trim())
    .some((name) => {
      const role = roles[name as RoleName];
      return role ? role.authorize(permission).success : false;
    });
}
