import * as z from 'zod';

/**
 * Every error the API can answer with. The server maps a code to its HTTP status here, the web maps
 * it to words and the CLI to an exit code, so nobody matches on message strings.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as application/json.' },
  UNAUTHENTICATED: { status: 401, message: 'Not authorized' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  FORBIDDEN_ORIGIN: { status: 403, message: 'This origin may not call the API.' },
  NO_ACTIVE_ORGANIZATION: { status: 403, message: 'Choose an organization first.' },
  ORGANIZATION_SWITCHED: {
    status: 409,
    message:
      'This page shows another organization than the one you are now working in: it was switched in another tab or window. Reload the page.',
  },
  NOT_FOUND: { status: 404, message: 'Not Found' },
  PROJECT_NOT_FOUND: { status: 404, message: 'Project not found.' },
  WORK_UNIT_NOT_FOUND: { status: 404, message: 'Work unit not found.' },
  TASK_NOT_FOUND: { status: 404, message: 'Task not found.' },
  STATUS_NOT_FOUND: { status: 404, message: 'Status not found.' },
  AGENT_NOT_FOUND: { status: 404, message: 'Agent profile not found.' },
  RULE_SET_NOT_FOUND: { status: 404, message: 'Rule set not found.' },
  TEMPLATE_NOT_FOUND: { status: 404, message: 'Template not found.' },
  SCAFFOLD_METHOD_NOT_FOUND: {
    status: 404,
    message: 'The template has no boilerplate or feature of this name.',
  },
  FINDING_NOT_FOUND: { status: 404, message: 'Review finding not found.' },
  LABEL_NOT_FOUND: { status: 404, message: 'Label not found.' },
  PLAN_NOT_FOUND: { status: 404, message: 'Plan not found.' },
  SAVED_VIEW_NOT_FOUND: { status: 404, message: 'Saved view not found.' },
  REPOSITORY_NOT_FOUND: { status: 404, message: 'Repository not found.' },
  PROJECT_KEY_TAKEN: { status: 409, message: 'Another project in this organization already uses this key.' },
  AGENT_NAME_TAKEN: { status: 409, message: 'Another agent profile in this organization has this name.' },
  RULE_SET_NAME_TAKEN: { status: 409, message: 'Another rule set in this organization has this name.' },
  TEMPLATE_NAME_TAKEN: { status: 409, message: 'Another template in this organization has this name.' },
  TEMPLATE_INVALID: {
    status: 400,
    message: 'The template is not valid: check its scaffold.yaml, its file paths and its size.',
  },
  TEMPLATE_RENDER_FAILED: {
    status: 422,
    message: 'The template could not be rendered with these variables.',
  },
  LABEL_NAME_TAKEN: { status: 409, message: 'Another label in this organization has this name.' },
  LABEL_LIMIT_REACHED: { status: 422, message: 'This organization has as many labels as it may have.' },
  STATUS_NAME_TAKEN: { status: 409, message: 'Another status in this project has this name.' },
  SAVED_VIEW_NAME_TAKEN: { status: 409, message: 'You already have a view of this project with this name.' },
  SAVED_VIEW_LIMIT_REACHED: {
    status: 422,
    message: 'You have as many saved views of this project as you may have; delete one first.',
  },
  STATUS_LIMIT_REACHED: { status: 422, message: 'This project has as many statuses as it may have.' },
  STATUS_CATEGORY_LAST: {
    status: 409,
    message: 'Every category keeps at least one status; add another of this category first.',
  },
  STATUS_MOVE_TO_REQUIRED: {
    status: 422,
    message: 'This status still has tasks; choose another status to move them to.',
  },
  PLAN_CLOSED: {
    status: 409,
    message: 'This plan was accepted, rejected or superseded; propose a new plan instead.',
  },
  PLAN_ITEMS_REFUSED: {
    status: 422,
    message: 'Some of the chosen items cannot be accepted without others, so nothing was; details say which.',
  },
  VERSION_CONFLICT: { status: 409, message: 'Someone else changed this first; reload and try again.' },
  TASK_CLAIMED: {
    status: 409,
    message: 'Another agent holds this task; pick another one or wait until its claim ends.',
  },
  TASKS_REFUSED: {
    status: 409,
    message: 'Some of the tasks cannot be changed, so none were; details.refused says which and why.',
  },
  INVALID_TRANSITION: { status: 409, message: 'This status change is not allowed.' },
  TASK_REVIEW_BLOCKED: {
    status: 409,
    message:
      'Open HIGH review findings block this move: fix them and review the files again, or ask a person to dismiss them.',
  },
  TASK_BLOCKED: {
    status: 409,
    message:
      'This task waits for tasks that are not done yet, so an agent cannot start it; details.blockers lists them.',
  },
  CYCLE_NOT_ALLOWED: {
    status: 422,
    message: 'This would make a cycle (a unit inside itself, or tasks blocking each other).',
  },
  CONFIRMATION_REQUIRED: { status: 422, message: 'This deletes data; confirm to go ahead.' },
  // 402 rather than 403: the caller may do this, the organization's plan does not cover it; paying lifts it.
  PLAN_LIMIT_REACHED: {
    status: 402,
    message: "The organization's plan allows no more of these; upgrade to the Team plan to add more.",
  },
  BILLING_DISABLED: { status: 409, message: 'This installation has no billing.' },
  BILLING_UNAVAILABLE: { status: 503, message: 'Stripe cannot be reached just now; try again in a minute.' },
  REPOSITORY_ALREADY_CONNECTED: {
    status: 409,
    message: 'This project is already connected to this repository.',
  },
  GITHUB_TOKEN_MISSING: {
    status: 422,
    message: 'This repository has no token; add one with commit-status write access first.',
  },
  GITHUB_TOKEN_REFUSED: {
    status: 422,
    message: 'GitHub refused the token: check that it is valid and may read this repository.',
  },
  GITHUB_UNAVAILABLE: { status: 503, message: 'GitHub cannot be reached just now; try again in a minute.' },
  PULL_REQUEST_URL_INVALID: {
    status: 422,
    message: "This is not the address of a pull request in one of the project's connected repositories.",
  },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 401,
    message: 'The delivery is not signed with this repository’s webhook secret.',
  },
  WEBHOOK_DELIVERY_INVALID: {
    status: 400,
    message:
      'The delivery is not a GitHub webhook delivery (JSON body, X-GitHub-Event and X-GitHub-Delivery).',
  },
  WEBHOOK_DELIVERY_FAILED: {
    status: 422,
    message: 'The delivery could not be applied and nothing of it was kept; redeliver it from GitHub.',
  },
  ROUTE_NOT_FOUND: { status: 404, message: 'There is no API route at this path.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  CONFLICT: { status: 409, message: 'Someone else changed this first.' },
  UNPROCESSABLE: { status: 422, message: 'The request cannot be carried out.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests; slow down.' },
  // The render and check workers are shared between organizations; one past its share waits its turn.
  FAIR_SHARE_EXCEEDED: {
    status: 429,
    message:
      'Your organization already has as much work under way as it may (reads, changes, renders or checks); try again when some of it finishes (see Retry-After).',
  },
  DATABASE_UNAVAILABLE: { status: 503, message: 'The database is not reachable.' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on the server.' },

  // Answered by the auth routes under /api/v1/auth in better-auth's own {code, message} shape, which its
  // clients parse. The not-found words are better-auth's, so a rewritten answer reads like its own.
  UNAUTHORIZED_SESSION: { status: 401, message: 'Unauthorized or invalid session' },
  ORGANIZATION_NOT_FOUND: { status: 404, message: 'Organization not found' },
  ORGANIZATION_NOT_ACTIVE: {
    status: 400,
    message: 'The list shows the keys of your active organization; switch organization to see another one.',
  },
  MEMBER_NOT_FOUND: { status: 404, message: 'Member not found' },
  INVITATION_NOT_FOUND: { status: 404, message: 'Invitation not found' },
  TEAM_NOT_FOUND: { status: 404, message: 'Team not found' },
  ROLE_NOT_FOUND: { status: 404, message: 'Role not found' },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to invite users to this organization',
  },
  ONLY_OWNERS_REMOVE_OWNERS: { status: 403, message: 'Only an owner can remove another owner.' },
  PASSWORD_REQUIRED: { status: 400, message: 'Enter your password to delete your account.' },
  EMAIL_IN_USE: { status: 409, message: 'Another account already uses this email address.' },
  // better-auth's own code and words for a sign-up with a taken address, also given to the one of two
  // simultaneous sign-ups that loses the race for it.
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 422, message: 'User already exists. Use another email.' },
  SOLE_OWNER_OF_SHARED_ORGANIZATION: {
    status: 409,
    message:
      'You are the only owner of an organization with other members: make someone else an owner, or delete it, before deleting your account.',
  },
  // The Stripe plugin's own code and status when an organization that pays is deleted; deleting the
  // account of its only member is refused the same way, or Stripe would go on charging nobody.
  ORGANIZATION_HAS_ACTIVE_SUBSCRIPTION: {
    status: 400,
    message:
      'This organization still has a running subscription; cancel it under Settings → Billing and wait for its period to end first.',
  },
  KEY_NOT_FOUND: { status: 404, message: 'API Key not found' },
  INVALID_PREFIX: { status: 400, message: 'Keys always start with their fixed prefix; leave prefix out.' },
  INVALID_METADATA_TYPE: { status: 400, message: 'metadata must be an object' },
  INVALID_METADATA: {
    status: 400,
    message: "metadata may only name the key's agent (agentName) and mark it admin (admin).",
  },
  METADATA_FIXED: {
    status: 400,
    message: "A key's organization and agent are fixed when it is created; create a new key instead.",
  },
  TOO_MANY_WRONG_CODES: { status: 429, message: 'Too many wrong codes; try again later.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The one error shape every API route answers with. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().describe('UPPER_SNAKE error code from the registry'),
    message: z.string().describe('A sentence for people'),
    details: z.unknown().optional().describe('Machine-readable specifics, e.g. zod issues'),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export interface ApiErrorInit {
  status: number;
  statusText: string;
  /** The parsed JSON body when the response was JSON, else its text, else undefined. */
  body?: unknown;
  /** Defaults to the body's `error.message`, else `<status> <statusText>`. */
  message?: string;
  cause?: unknown;
  /** The response's Retry-After, in seconds (see `retryAfterSecondsOf`). */
  retryAfterSeconds?: number;
}

/**
 * A Retry-After header in seconds: its delay-seconds, or the time to its HTTP date from `now`;
 * undefined when there is none or it cannot be read.
 */
export function retryAfterSecondsOf(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** A wait for people: "1 second", "30 seconds", "2 minutes" (whole minutes, rounded up, from a minute on). */
export function waitWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} ${whole === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(whole / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * What the typed client throws for a non-ok response. A network failure is reported the same
 * way with status 500 and statusText 'Fetch Error', so callers handle one error type.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;
  /** The registry code from the body's `error.code`; undefined when absent or not in the registry. */
  readonly code: ErrorCode | undefined;
  /** How long the server asked the caller to wait (Retry-After, in seconds); mostly with a 429. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    const detail = errorDetailOf(init.body);
    super(init.message ?? detail.message ?? `${init.status} ${init.statusText}`.trim(), {
      cause: init.cause,
    });
    this.status = init.status;
    this.statusText = init.statusText;
    this.body = init.body;
    this.code = isErrorCode(detail.code) ? detail.code : undefined;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** Reads `error.code` and `error.message` leniently: a body from a proxy or an older server may be partial. */
function errorDetailOf(body: unknown): { code?: unknown; message?: string } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return {};
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null) return {};
  const code = 'code' in error ? error.code : undefined;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : undefined;
  return { code, message };
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
