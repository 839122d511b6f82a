import { describe, expect, it } from 'vitest';
import { safeLogArgument } from './logger';

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
    expect(logged).toBe('Error (SQLSTATE 22021): Failed query: insert into "apikey" values ($1, $2)');
    expect(logged).not.toContain('sk_secret_hash');
    expect(logged).not.toContain('ada@example.com');
  });

  it('names objects instead of printing them, and keeps plain values', () => {
    expect(safeLogArgument({ password: 'hunter2' })).toBe('[object]');
    expect(safeLogArgument('sign-in')).toBe('sign-in');
    expect(safeLogArgument(3)).toBe('3');
  });
});
