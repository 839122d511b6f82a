import { roleAllows } from '@switchboard/auth/access';
import { AppError } from './errors';

/**
 * An organization's shared settings (its labels, workflow statuses, templates, rule sets, agent
 * profiles and billing) follow the role table: changing them takes organization:update, which owners
 * and admins hold. Every member and agent reads and uses them.
 */
export function canWriteSettings(role: string): boolean {
  return roleAllows(role, { organization: ['update'] });
}

/** Refuses a caller who may not change settings; `doing` ends "Only owners and admins of the organization …". */
export function requireSettingsWriter(role: string, doing: string): void {
  if (!canWriteSettings(role)) {
    throw new AppError('FORBIDDEN', `Only owners and admins of the organization ${doing}.`);
  }
}
