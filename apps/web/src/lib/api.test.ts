import { ApiError, endpoints } from '@switchboard/api-client';
import { createProjectSchema } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { apiFor, fieldErrorsFrom, retryUnlessClientError } from './api';

const apiError = (status: number, code?: string, message?: string, details?: unknown) =>
  new ApiError({
    status,
    statusText: 'x',
    body: code ? { error: { code, message: message ?? 'm', details } } : undefined,
  });

describe('api helpers', () => {
  it('shares one client per API origin', () => {
    const config = { apiUrl: 'http://app.test', appUrl: 'http://app.test' };
    expect(apiFor(config, 'http://app.test')).toBe(apiFor(config, 'http://app.test'));
    expect(apiFor(config, 'http://app.test').urlOf(endpoints.events.stream, {})).toBe(
      `http://app.test/api/v1${endpoints.events.stream.path}`,
    );
    const separate = apiFor({ apiUrl: 'https://api.example.com', appUrl: 'https://app.example.com' }, 'x');
    expect(separate.urlOf(endpoints.projects.list, {})).toBe(
      `https://api.example.com/api/v1${endpoints.projects.list.path}`,
    );
  });

  it("maps zod issues (ours or the server's) to fields", () => {
    const parsed = createProjectSchema.safeParse({ name: '', key: 'ab' });
    expect(parsed.success).toBe(false);
    const local = fieldErrorsFrom(parsed.error);
    expect(local.name).toBe('Is required');
    expect(local.key).toMatch(/^Must be 2–6 capital letters/);
    const remote = fieldErrorsFrom(
      apiError(400, 'VALIDATION_FAILED', 'x', [
        { path: ['title'], message: 'is required' },
        { path: [], message: 'bad' },
      ]),
    );
    expect(remote).toEqual({ title: 'Is required', _form: 'Bad' });
    expect(fieldErrorsFrom(apiError(409, 'VERSION_CONFLICT'))).toEqual({});
  });

  it('does not retry answers the server gave on purpose', () => {
    expect(retryUnlessClientError(0, apiError(404, 'TASK_NOT_FOUND'))).toBe(false);
    expect(retryUnlessClientError(0, apiError(503, 'DATABASE_UNAVAILABLE'))).toBe(true);
    expect(retryUnlessClientError(3, new Error('network'))).toBe(false);
  });
});
