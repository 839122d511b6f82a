import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { AppError, describeForLog } from '../domain/errors';
import { handleError } from './errors';

function appThrowing(error: Error) {
  const app = new Hono();
  app.get('/', () => {
    throw error;
  });
  app.onError(handleError);
  return app;
}

describe('handleError', () => {
  it('answers an AppError with its registry status, the error shape and its Retry-After', async () => {
    const error = new AppError('RATE_LIMITED', 'Slow down.', { limit: 600 }, { retryAfterSeconds: 42 });
    const response = await appThrowing(error).request('/');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
    expect(await response.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Slow down.', details: { limit: 600 } },
    });
  });

  it('sends no Retry-After when the error names no wait', async () => {
    const response = await appThrowing(new AppError('TASK_NOT_FOUND')).request('/');
    expect(response.status).toBe(404);
    expect(response.headers.get('retry-after')).toBeNull();
  });

  it('rounds a fractional wait up to whole seconds', async () => {
    const error = new AppError('DATABASE_UNAVAILABLE', undefined, undefined, { retryAfterSeconds: 0.2 });
    const response = await appThrowing(error).request('/');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
  });
});

/** What Drizzle throws when PostgreSQL refuses a query: the SQL, its parameters and the driver error. */
function failedQuery(sqlState: string): Error {
  const cause = Object.assign(new Error('value "hash-of-a-key" is out of range for type integer'), {
    code: sqlState,
    detail: 'Key (title)=(secret user text) already exists.',
  });
  return Object.assign(
    new Error('Failed query: update "task" set "title" = $1 where "id" = $2\nparams: secret user text,k1'),
    { query: 'update "task" set "title" = $1 where "id" = $2', params: ['secret user text', 'k1'], cause },
  );
}

describe('database failures', () => {
  it('answers a value the database refuses with 400 VALIDATION_FAILED, not 500', async () => {
    for (const sqlState of ['22003', '22021', '22P05', '54000']) {
      const response = await appThrowing(failedQuery(sqlState)).request('/');
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('logs an unexpected database error by SQLSTATE and query text, never its parameters or messages', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
      lines.push(parts.map(String).join(' '));
    });
    try {
      const response = await appThrowing(failedQuery('42P01')).request('/');
      expect(response.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const logged = lines.join('\n');
    expect(logged).toContain('42P01');
    expect(logged).toContain('update "task" set "title" = $1');
    expect(logged).not.toContain('secret user text');
    expect(logged).not.toContain('hash-of-a-key');
  });

  it('describes a database error without its values', () => {
    expect(describeForLog(failedQuery('23503'))).toBe(
      'Error (SQLSTATE 23503) in query: update "task" set "title" = $1 where "id" = $2',
    );
  });
});
