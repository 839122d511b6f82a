import type { ErrorCode } from '@switchboard/api-client/errors';

/** What the organization scope answers; status and words live in the shared registry. */
export const ORGANIZATION_ERROR_CODES = [
  'ORGANIZATION_NOT_FOUND',
  'MEMBER_NOT_FOUND',
  'INVITATION_NOT_FOUND',
  'TEAM_NOT_FOUND',
  'ROLE_NOT_FOUND',
  'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
  'ONLY_OWNERS_REMOVE_OWNERS',
] as const satisfies readonly ErrorCode[];

export type OrganizationErrorCode = (typeof ORGANIZATION_ERROR_CODES)[number];
