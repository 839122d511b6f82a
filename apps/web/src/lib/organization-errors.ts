import { describeAccessProblem, statusOf } from './access-messages';
import { AuthCallError } from './auth-call';
import { describeAuthError } from './auth-errors';

// Habit 5: the web maps error codes to words; it never matches on the server's message text. These are
// refusals that are not about the person's role, so they get their own words even when they are 403s.
const MESSAGES: Record<string, string> = {
  ORGANIZATION_SLUG_ALREADY_TAKEN: 'That slug is already taken. Choose another one.',
  ORGANIZATION_ALREADY_EXISTS: 'That slug is already taken. Choose another one.',
  ORGANIZATION_NOT_FOUND: 'This organization does not exist, or you are no longer a member.',
  MEMBER_NOT_FOUND: 'This member is no longer in the organization.',
  TEAM_NOT_FOUND: 'This team no longer exists.',
  TEAM_ALREADY_EXISTS: 'A team with this name already exists.',
  INVITATION_NOT_FOUND: 'This invitation is no longer valid.',
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'This person is already a member of the organization.',
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: 'This person has already been invited.',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER:
    'You are the only owner. Make someone else an owner before you leave, or delete the organization.',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER:
    'An organization needs an owner. Make someone else an owner first.',
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: 'This organization has reached its member limit.',
  INVITATION_LIMIT_REACHED: 'This organization has too many pending invitations. Cancel some first.',
  TEAM_MEMBER_LIMIT_REACHED: 'This team is full.',
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS:
    'You have reached the maximum number of organizations.',
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS: 'This organization has reached its team limit.',
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION:
    'Verify your email address before answering this invitation.',
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: 'Verify your email address to see this invitation.',
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION:
    'The person who invited you has left the organization, so the invitation no longer holds.',
  USER_IS_NOT_A_MEMBER_OF_THE_TEAM: 'This person is not in the team.',
  SOLE_OWNER_OF_SHARED_ORGANIZATION:
    'You are the only owner of an organization that has other members. Make someone else an owner, or delete that organization, first.',
  SESSION_EXPIRED: 'Sign in again to do this: your sign-in is too old for this action.',
  INVALID_PASSWORD: 'That password is not right.',
};

/**
 * Words for a failed organisation or account call, for a toast or an inline message. `resource` names
 * what was refused ('organization', 'members' …) in the spec §8 access message of a 401/403.
 */
export function describeOrganizationError(
  error: unknown,
  fallback = 'Something went wrong. Try again.',
  resource?: string,
): string {
  const code = error instanceof AuthCallError ? error.code : undefined;
  const known = code ? MESSAGES[code] : undefined;
  if (known) return known;
  const access = describeAccessProblem(error, resource);
  if (access) return `${access.message} ${access.hint}`;
  if (error instanceof AuthCallError) return describeAuthError(error, fallback);
  const status = statusOf(error);
  return describeAuthError(status === undefined ? null : { status }, fallback);
}
