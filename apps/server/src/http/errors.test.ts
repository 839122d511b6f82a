import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppError, handleError } from './errors';

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
