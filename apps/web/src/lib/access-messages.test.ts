import { describe, expect, it } from 'vitest';
import { accessMessage, describeAccessProblem, NOT_AUTHORIZED, statusOf } from './access-messages';
import { AuthCallError } from './auth-call';

describe('accessMessage (spec §8)', () => {
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
