import {
  ApiError,
  ERROR_CODES,
  type ErrorCode,
  FETCH_ERROR_STATUS_TEXT,
  isErrorCode,
} from '@switchboard/api-client';
import type { BillingPlan, PlanLimitName } from '@switchboard/api-client/contract';
import { waitWords } from '@switchboard/api-client/errors';
import { errorDetailsOf } from './api';
import { AuthCallError, type AuthErrorLike } from './auth-call';

// The web turns error codes into words here and only here; it never matches on a server's message text.

/**
 * Our words for registry codes whose registry sentence is not the one to show a person in the app:
 * better-auth's answers keep better-auth's terse words on the wire, the screens say what to do.
 */
const REGISTRY_WORDS: Partial<Record<ErrorCode, string>> = {
  FORBIDDEN_ORIGIN:
    'The request was refused because it did not come from this site. Reload the page and try again.',
  UNAUTHORIZED_SESSION: 'Your session has ended. Sign in again to continue.',
  ORGANIZATION_NOT_FOUND: 'This organization does not exist, or you are no longer a member.',
  MEMBER_NOT_FOUND: 'This member is no longer in the organization.',
  TEAM_NOT_FOUND: 'This team no longer exists.',
  INVITATION_NOT_FOUND: 'This invitation is no longer valid.',
  SOLE_OWNER_OF_SHARED_ORGANIZATION:
    'You are the only owner of an organization that has other members. Make someone else an owner, or delete that organization, first.',
  EMAIL_IN_USE: 'Another account already uses this email address. Choose another one.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Sign in instead.',
  KEY_NOT_FOUND: 'This key no longer exists: it was revoked already, or belongs to another organization.',
  TASK_REVIEW_BLOCKED:
    'This task has open HIGH review findings, so an agent cannot move it to review or done. Fix the code and review it again, or dismiss the findings on the task page.',
  TASK_BLOCKED:
    'This task waits for other tasks that are not done yet, so an agent cannot start it. Finish those first, or move it yourself.',
};

/**
 * Registry codes our own server code raises with a sentence written for people (it lists the
 * organization's agents, for one): that sentence is shown as it is.
 */
const SERVER_SENTENCES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'AGENT_NOT_FOUND',
  'NO_ACTIVE_ORGANIZATION',
  'INVALID_METADATA',
  'METADATA_FIXED',
]);

/** Codes better-auth itself answers (its core and plugins), which are not ours to register, in our words. */
export const AUTH_LIBRARY_WORDS = {
  INVALID_EMAIL_OR_PASSWORD: 'Wrong email or password.',
  INVALID_PASSWORD: 'That password is not right.',
  INVALID_EMAIL: 'Enter a valid email address.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in instead.',
  PASSWORD_TOO_SHORT: 'The password is too short: use at least 8 characters.',
  PASSWORD_TOO_LONG: 'The password is too long.',
  EMAIL_NOT_VERIFIED: 'Verify your email address first: check your inbox for the link.',
  MISSING_OR_NULL_ORIGIN:
    'The request was refused because it did not come from this site. Reload the page and try again.',
  INVALID_ORIGIN:
    'The request was refused because it did not come from this site. Reload the page and try again.',
  PROVIDER_NOT_FOUND: 'This sign-in method is not enabled on this server.',
  FAILED_TO_CREATE_USER: 'The account could not be created. Try again.',
  FAILED_TO_CREATE_SESSION: 'You could not be signed in. Try again.',
  SESSION_EXPIRED: 'Sign in again to do this: your sign-in is too old for this action.',
  ORGANIZATION_SLUG_ALREADY_TAKEN: 'That slug is already taken. Choose another one.',
  ORGANIZATION_ALREADY_EXISTS: 'That slug is already taken. Choose another one.',
  TEAM_ALREADY_EXISTS: 'A team with this name already exists.',
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
  NAME_REQUIRED: 'Give the key a name.',
  INVALID_NAME_LENGTH: 'The name must be 1 to 64 characters.',
  EXPIRES_IN_IS_TOO_SMALL: 'A key must last at least a day.',
  EXPIRES_IN_IS_TOO_LARGE: 'A key can last at most a year.',
} as const satisfies Record<string, string>;

type AuthLibraryCode = keyof typeof AUTH_LIBRARY_WORDS;

function isAuthLibraryCode(code: string): code is AuthLibraryCode {
  return Object.hasOwn(AUTH_LIBRARY_WORDS, code);
}

/** The app's words for a code, registry or better-auth; undefined for a code it has no words for. */
export function wordsForCode(code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (isAuthLibraryCode(code)) return AUTH_LIBRARY_WORDS[code];
  return isErrorCode(code) ? REGISTRY_WORDS[code] : undefined;
}

/** What a 429 means, by its code; the wait the server asked for follows it (`tryAgainWords`). */
const REFUSED_FOR_NOW: Partial<Record<ErrorCode, string>> & { RATE_LIMITED: string } = {
  RATE_LIMITED: 'Too many requests.',
  FAIR_SHARE_EXCEEDED: 'Your organization already has as much work under way as it may at once.',
  TOO_MANY_WRONG_CODES: 'Too many wrong codes.',
};

/** "Try again in 30 seconds.", from the Retry-After the server sent; without one, "in a moment". */
export function tryAgainWords(retryAfterSeconds: number | undefined): string {
  return retryAfterSeconds === undefined
    ? 'Try again in a moment.'
    : `Try again in ${waitWords(retryAfterSeconds)}.`;
}

const SOMETHING_WENT_WRONG = 'Something went wrong.';
const TRY_AGAIN = 'Something went wrong. Try again.';

/**
 * Words for a failed call to our REST API. The server's message is already a sentence written for
 * people (it says what is left, which key is taken …); without one, the registry's words for the
 * code; a failed fetch says so.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.statusText === FETCH_ERROR_STATUS_TEXT)
      return 'Could not reach the server. Check your connection.';
    if (error.status === 429) {
      const refusal = (error.code && REFUSED_FOR_NOW[error.code]) ?? REFUSED_FOR_NOW.RATE_LIMITED;
      return `${refusal} ${tryAgainWords(error.retryAfterSeconds)}`;
    }
    if (error.code === 'PLAN_LIMIT_REACHED') {
      const words = planLimitWords(errorDetailsOf(error));
      if (words) return words;
    }
    if (error.code && error.message && !/^\d{3}\b/.test(error.message)) return error.message;
    if (error.code) return ERROR_CODES[error.code].message;
    if (error.status === 401) return ERROR_CODES.UNAUTHENTICATED.message;
    return error.message || SOMETHING_WENT_WRONG;
  }
  if (error instanceof Error && error.message) return error.message;
  return SOMETHING_WENT_WRONG;
}

// ── Plan limits ──

const LIMITED_THINGS: Record<PlanLimitName, { one: string; many: string }> = {
  projects: { one: 'project', many: 'projects' },
  agentProfiles: { one: 'agent profile', many: 'agent profiles' },
};

const PLAN_NAMES: Record<BillingPlan, string> = { 'self-hosted': 'Self-hosted', free: 'Free', team: 'Team' };

const known = <T extends string>(table: Record<T, unknown>, value: unknown): value is T =>
  typeof value === 'string' && Object.hasOwn(table, value);

/**
 * A PLAN_LIMIT_REACHED answer in the dashboard's words: what the plan allows, and the sidebar page where
 * an owner or admin lifts it. Read from the error's details (`{limit, max, plan}`) by hand rather than
 * with zod, as this module is on pages that do not load zod; undefined when they are not there.
 */
export function planLimitWords(details: unknown): string | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const { limit: limitName, max, plan: planName } = details as Record<string, unknown>;
  if (!known(LIMITED_THINGS, limitName) || !known(PLAN_NAMES, planName) || typeof max !== 'number')
    return undefined;
  const limit = LIMITED_THINGS[limitName];
  const plan = PLAN_NAMES[planName];
  return (
    `The ${plan} plan allows ${max} ${max === 1 ? limit.one : limit.many}, and this organization has reached it. ` +
    `To add more, an owner or admin upgrades to the Team plan under Billing → Subscription; nothing you have is affected.`
  );
}

/** Words for a failed sign-in, sign-up or account call, safe to show next to the form. */
export function describeAuthError(error: AuthErrorLike | null | undefined, fallback = TRY_AGAIN): string {
  if (!error) return fallback;
  const known = wordsForCode(error.code);
  if (known) return known;
  if (error.status === 429) return `Too many attempts. ${tryAgainWords(error.retryAfterSeconds)}`;
  if (error.status !== undefined && error.status >= 500)
    return 'The server had a problem. Try again in a moment.';
  return fallback;
}

/**
 * Words for a failed organization, account or API-key call, for a toast or an inline message.
 * `resource` names what was refused ('organization', 'members' …) in the access message of a 401/403.
 */
export function describeOrganizationError(error: unknown, fallback = TRY_AGAIN, resource?: string): string {
  const code = error instanceof AuthCallError ? error.code : undefined;
  if (error instanceof AuthCallError && error.message && isErrorCode(code) && SERVER_SENTENCES.has(code))
    return error.message;
  const known = wordsForCode(code);
  if (known) return known;
  const access = describeAccessProblem(error, resource);
  if (access) return `${access.message} ${access.hint}`;
  if (error instanceof AuthCallError) return describeAuthError(error, fallback);
  const status = statusOf(error);
  return describeAuthError(status === undefined ? null : { status }, fallback);
}

/**
 * Words for the code the server adds to the account page's address when an e-mail change link did not
 * work (better-auth's verify-email codes, and EMAIL_IN_USE).
 */
export function describeEmailChangeLinkError(code: string): string {
  switch (code) {
    case 'EMAIL_IN_USE':
      return 'Your address was not changed: another account started using that address in the meantime.';
    case 'USER_NOT_FOUND':
      return 'This email change link was used already. Your address is the one shown here.';
    case 'INVALID_USER':
      return 'This email change link belongs to another account than the one signed in here. Sign out, then follow it again.';
    default:
      return 'This email change link has expired or is not valid. Ask for the change again.';
  }
}

/** Words for a failed API-key call. */
export function describeApiKeyError(error: unknown, fallback: string): string {
  return describeOrganizationError(error, fallback, 'API keys');
}

// ── Refused access ──

/** The access messages the product promises, word for word. */
export const NOT_AUTHORIZED = ERROR_CODES.UNAUTHENTICATED.message;
export const notAllowedMessage = (resource: string) => `not allowed to access resource ${resource}`;
export const unauthorizedMessage = (resource: string) => `unauthorized to access resource ${resource}`;

/**
 * The message for an API refusal: 403 → 'not allowed to access resource {name}', 401 →
 * 'unauthorized to access resource {name}', either without a resource name → 'Not authorized'.
 * Anything else is not an access refusal: undefined.
 */
export function accessMessage(status: number | undefined, resource?: string): string | undefined {
  if (status !== 401 && status !== 403) return undefined;
  if (!resource) return NOT_AUTHORIZED;
  return status === 403 ? notAllowedMessage(resource) : unauthorizedMessage(resource);
}

export interface AccessProblem {
  /** 'Not authorized' */
  title: string;
  /** The access message, as a sentence. */
  message: string;
  /** What the person can do about it. */
  hint: string;
  /** 401: the session is gone and the person should sign in again. */
  signedOut: boolean;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** Clear words for a 401/403 from the API about `resource`; undefined for any other failure. */
export function describeAccessProblem(error: unknown, resource?: string): AccessProblem | undefined {
  const status = statusOf(error);
  const message = accessMessage(status, resource);
  if (!message) return undefined;
  const signedOut = status === 401;
  return {
    title: NOT_AUTHORIZED,
    message: sentence(message),
    hint: signedOut
      ? 'Your session has ended. Sign in again to continue.'
      : 'Your role in this organization does not allow this. Ask an owner or an admin.',
    signedOut,
  };
}

/** The HTTP status of a failed call, whatever shape its error came in. */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof AuthCallError) return error.status;
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status: unknown = error.status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}
