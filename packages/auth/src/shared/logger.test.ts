import { APIError } from 'better-auth/api';
import { describe, expect, it, vi } from 'vitest';
import { logBetterAuth, MAX_LOGGED_LENGTH, onUnexpectedAuthError, safeLogArgument } from './logger';

describe('safeLogArgument', () => {
  it('keeps the name, SQLSTATE and first line of a database error, never its parameters', () => {
    const failure = new Error(
      'Failed query: insert into "apikey" values ($1, $2)\nparams: sk_secret_hash,ada@example.com',
      {
        cause: Object.assign(new Error('invalid byte sequence'), {
          code: '22021',
          detail: 'Key (email)=(ada@example.com)',
        }),
      },
    );
    const logged = safeLogArgument(failure);
    // The query is Drizzle's first line; the driver's words say what failed without it.
    expect(logged).toBe('Error (SQLSTATE 22021): invalid byte sequence');
    expect(logged).not.toContain('insert into');
    expect(logged).not.toContain('sk_secret_hash');
    expect(logged).not.toContain('ada@example.com');
  });

  it('prints no SQL even when the failed query is the only message there is', () => {
    const failure = new Error(
      'Failed query: select * from "user" where "email" = $1\nparams: ada@example.com',
    );
    expect(safeLogArgument(failure)).toBe('Error: a database query failed');
  });

  it('names objects instead of printing them, and keeps plain values', () => {
    expect(safeLogArgument({ password: 'hunter2' })).toBe('[object]');
    expect(safeLogArgument('sign-in')).toBe('sign-in');
    expect(safeLogArgument(3)).toBe('3');
  });

  it('clips long text, a database error’s first line included', () => {
    const address = `${'a'.repeat(1_000_000)}@example.com`;
    expect(safeLogArgument(address).length).toBeLessThan(MAX_LOGGED_LENGTH + 50);
    const failure = new Error(`index row size exceeds maximum for key (${address})`);
    expect(safeLogArgument(failure).length).toBeLessThan(MAX_LOGGED_LENGTH + 80);
  });
});

describe('onUnexpectedAuthError', () => {
  it('answers INTERNAL_ERROR for an unexpected error and logs one clipped line, not the error', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = Object.assign(new Error(`Failed query: select\nparams: ${'x'.repeat(100_000)}`), {
      params: ['x'.repeat(100_000)],
    });
    let answered: unknown;
    try {
      onUnexpectedAuthError(failure);
    } catch (error) {
      answered = error;
    }
    expect(answered).toBeInstanceOf(APIError);
    expect((answered as APIError).statusCode).toBe(500);
    expect((answered as APIError).body).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(printed).toHaveBeenCalledTimes(1);
    expect(String(printed.mock.calls[0]?.[0]).length).toBeLessThan(MAX_LOGGED_LENGTH);
    printed.mockRestore();
  });

  it('lets errors raised on purpose through', () => {
    expect(() => onUnexpectedAuthError(new APIError('BAD_REQUEST', { message: 'no' }))).not.toThrow();
  });
});

describe('logBetterAuth', () => {
  it('drops a sign-up that lost the race for its address, and logs other failures to create a user', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const duplicate = new Error('Failed query: insert into "user"', {
      cause: Object.assign(new Error('duplicate key value violates unique constraint "user_email_unique"'), {
        code: '23505',
      }),
    });
    logBetterAuth('error', 'Failed to create user', duplicate);
    expect(printed).not.toHaveBeenCalled();
    const other = new Error('Failed query: insert into "user"', {
      cause: Object.assign(new Error('connection terminated'), { code: '57P01' }),
    });
    logBetterAuth('error', 'Failed to create user', other);
    expect(printed).toHaveBeenCalledTimes(1);
    expect(String(printed.mock.calls[0]?.[0])).toContain('(SQLSTATE 57P01): connection terminated');
    printed.mockRestore();
  });
});
