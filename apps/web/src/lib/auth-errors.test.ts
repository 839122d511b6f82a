import { describe, expect, it } from 'vitest';
import { describeAuthError } from './auth-errors';

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
    expect(describeAuthError({ status: 429 })).toMatch(/Too many attempts/);
    expect(describeAuthError({ status: 500 })).toMatch(/server had a problem/);
  });

  it('never shows unknown server text', () => {
    expect(describeAuthError({ code: 'SOMETHING_NEW', message: 'stack trace here', status: 400 })).toBe(
      'Something went wrong. Try again.',
    );
  });
});
