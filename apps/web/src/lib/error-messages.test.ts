import { ApiError, ERROR_CODES } from '@switchboard/api-client';
import { describe, expect, it } from 'vitest';
import { AuthCallError } from './auth-call';
import {
  AUTH_LIBRARY_WORDS,
  accessMessage,
  describeAccessProblem,
  describeApiKeyError,
  describeAuthError,
  describeError,
  describeOrganizationError,
  NOT_AUTHORIZED,
  statusOf,
} from './error-messages';

const apiError = (status: number, code?: string, message?: string) =>
  new ApiError({
    status,
    statusText: 'x',
    body: code ? { error: { code, message: message ?? 'm' } } : undefined,
  });

describe('the words for codes', () => {
  it("gives each better-auth code words once, apart from the registry's codes", () => {
    const registered = Object.keys(AUTH_LIBRARY_WORDS).filter((code) => Object.hasOwn(ERROR_CODES, code));
    expect(registered).toEqual([]);
  });
});

describe('describeError', () => {
  it('says how long to wait before trying a refused request again, from Retry-After', () => {
    const refused = (code: string, retryAfterSeconds?: number) =>
      new ApiError({
        status: 429,
        statusText: 'Too Many Requests',
        body: { error: { code, message: 'see Retry-After' } },
        ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
      });
    expect(describeError(refused('FAIR_SHARE_EXCEEDED', 5))).toBe(
      'Your organization already has as much work under way as it may at once. Try again in 5 seconds.',
    );
    expect(describeError(refused('RATE_LIMITED', 1))).toBe('Too many requests. Try again in 1 second.');
    expect(describeError(refused('RATE_LIMITED'))).toBe('Too many requests. Try again in a moment.');
  });

  it('says what went wrong in words', () => {
    expect(
      describeError(
        apiError(409, 'INVALID_TRANSITION', 'SWB-WU-1 cannot be completed yet: 2 tasks are not done'),
      ),
    ).toBe('SWB-WU-1 cannot be completed yet: 2 tasks are not done');
    expect(describeError(new ApiError({ status: 500, statusText: 'Fetch Error' }))).toMatch(
      /Could not reach/,
    );
    expect(describeError(new ApiError({ status: 401, statusText: 'Unauthorized' }))).toBe('Not authorized');
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError('??')).toBe('Something went wrong.');
  });

  it('names a reached plan limit and the page that lifts it', () => {
    const refused = (details: unknown) =>
      new ApiError({
        status: 402,
        statusText: 'Payment Required',
        body: { error: { code: 'PLAN_LIMIT_REACHED', message: 'The Free plan allows 1 project.', details } },
      });
    expect(describeError(refused({ limit: 'projects', max: 1, plan: 'free' }))).toBe(
      'The Free plan allows 1 project, and this organization has reached it. To add more, an owner or admin upgrades to the Team plan under Billing → Subscription; nothing you have is affected.',
    );
    expect(describeError(refused({ limit: 'agentProfiles', max: 2, plan: 'free' }))).toMatch(
      /^The Free plan allows 2 agent profiles,/,
    );
    // Details this build does not know: the server's own sentence.
    expect(describeError(refused({ limit: 'seats', max: 3, plan: 'free' }))).toBe(
      'The Free plan allows 1 project.',
    );
    expect(describeError(refused(undefined))).toBe('The Free plan allows 1 project.');
  });
});

describe('describeAuthError', () => {
  it('maps codes to words', () => {
    expect(describeAuthError({ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 })).toBe(
      'Wrong email or password.',
    );
    expect(describeAuthError({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', status: 422 })).toMatch(
      /already exists/,
    );
  });

  it('covers rate limits and server failures by status', () => {
    expect(describeAuthError({ status: 429 })).toBe('Too many attempts. Try again in a moment.');
    expect(describeAuthError({ status: 429, retryAfterSeconds: 40 })).toBe(
      'Too many attempts. Try again in 40 seconds.',
    );
    expect(describeOrganizationError(new AuthCallError({ status: 429, retryAfterSeconds: 120 }))).toBe(
      'Too many attempts. Try again in 2 minutes.',
    );
    expect(describeAuthError({ status: 500 })).toMatch(/server had a problem/);
  });

  it('never shows unknown server text', () => {
    expect(describeAuthError({ code: 'SOMETHING_NEW', message: 'stack trace here', status: 400 })).toBe(
      'Something went wrong. Try again.',
    );
  });
});

describe('describeOrganizationError', () => {
  it('words known codes, whatever their status', () => {
    expect(
      describeOrganizationError(new AuthCallError({ status: 400, code: 'ORGANIZATION_SLUG_ALREADY_TAKEN' })),
    ).toBe('That slug is already taken. Choose another one.');
    expect(
      describeOrganizationError(
        new AuthCallError({ status: 403, code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER' }),
      ),
    ).toMatch(/only owner/);
  });

  it('uses the access messages for other refusals', () => {
    const refused = new AuthCallError({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION',
    });
    expect(describeOrganizationError(refused, 'fallback', 'organization')).toBe(
      'Not allowed to access resource organization. Your role in this organization does not allow this. Ask an owner or an admin.',
    );
    expect(describeOrganizationError(new AuthCallError({ status: 401 }), 'fallback')).toMatch(
      /^Not authorized\./,
    );
  });

  it('falls back to the caller’s words', () => {
    expect(
      describeOrganizationError(new AuthCallError({ status: 400, code: 'SOMETHING_NEW' }), 'Could not save.'),
    ).toBe('Could not save.');
    expect(describeOrganizationError(new TypeError('Failed to fetch'), 'Could not save.')).toBe(
      'Could not save.',
    );
    expect(describeOrganizationError(new AuthCallError({ status: 503 }), 'Could not save.')).toMatch(
      /server/,
    );
  });
});

describe('describeApiKeyError', () => {
  it('keeps the server’s own sentences (they list the agents) and words the plugin’s codes', () => {
    const unknownAgent = new AuthCallError({
      status: 400,
      code: 'AGENT_NOT_FOUND',
      message: 'There is no agent profile named "qa" in this organization. Its agents are: backend-dev.',
    });
    expect(describeApiKeyError(unknownAgent, 'x')).toMatch(/Its agents are: backend-dev/);
    expect(
      describeApiKeyError(new AuthCallError({ status: 400, code: 'EXPIRES_IN_IS_TOO_LARGE' }), 'x'),
    ).toBe('A key can last at most a year.');
    expect(describeApiKeyError(new AuthCallError({ status: 400, code: 'SOMETHING_NEW' }), 'Fallback.')).toBe(
      'Fallback.',
    );
  });
});

describe('accessMessage', () => {
  it('words a 403 as not allowed to access the resource', () => {
    expect(accessMessage(403, 'organization')).toBe('not allowed to access resource organization');
  });

  it('words a 401 as unauthorized to access the resource', () => {
    expect(accessMessage(401, 'members')).toBe('unauthorized to access resource members');
  });

  it("says 'Not authorized' when the resource is not known", () => {
    expect(accessMessage(403)).toBe(NOT_AUTHORIZED);
    expect(accessMessage(401, '')).toBe('Not authorized');
  });

  it('is silent for anything that is not an access refusal', () => {
    for (const status of [undefined, 200, 400, 404, 409, 429, 500])
      expect(accessMessage(status, 'x')).toBeUndefined();
  });
});

describe('describeAccessProblem', () => {
  it('turns a refused call into a title, a sentence and advice', () => {
    const error = new AuthCallError({ status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION' });
    expect(describeAccessProblem(error, 'organization')).toEqual({
      title: 'Not authorized',
      message: 'Not allowed to access resource organization.',
      hint: 'Your role in this organization does not allow this. Ask an owner or an admin.',
      signedOut: false,
    });
  });

  it('tells a signed-out person to sign in again', () => {
    const problem = describeAccessProblem({ status: 401 }, 'sessions');
    expect(problem?.message).toBe('Unauthorized to access resource sessions.');
    expect(problem?.signedOut).toBe(true);
    expect(problem?.hint).toMatch(/sign in again/i);
  });

  it('leaves other failures alone', () => {
    expect(describeAccessProblem(new AuthCallError({ status: 404 }), 'team')).toBeUndefined();
    expect(describeAccessProblem(new Error('network'))).toBeUndefined();
    expect(describeAccessProblem(null)).toBeUndefined();
  });
});

describe('statusOf', () => {
  it('reads the status of our errors and of better-auth-shaped ones', () => {
    expect(statusOf(new AuthCallError({ status: 403 }))).toBe(403);
    expect(statusOf({ status: 401, statusText: 'Unauthorized' })).toBe(401);
    expect(statusOf({ status: '401' })).toBeUndefined();
    expect(statusOf('401')).toBeUndefined();
  });
});
