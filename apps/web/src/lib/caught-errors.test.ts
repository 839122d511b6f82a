import { ApiError } from '@switchboard/api-client';
import { describe, expect, it, vi } from 'vitest';
import { isAnsweredRequest, reportCaughtError } from './caught-errors';

const apiError = (status: number) => new ApiError({ status, statusText: '', body: null });

describe('isAnsweredRequest', () => {
  it('is true for the API’s 4xx answers', () => {
    expect(isAnsweredRequest(apiError(404))).toBe(true);
    expect(isAnsweredRequest(apiError(403))).toBe(true);
    expect(isAnsweredRequest(apiError(409))).toBe(true);
  });

  it('is false for server faults, other errors and things that are not errors', () => {
    expect(isAnsweredRequest(apiError(500))).toBe(false);
    expect(isAnsweredRequest(apiError(503))).toBe(false);
    expect(isAnsweredRequest(new TypeError('x is undefined'))).toBe(false);
    expect(isAnsweredRequest({ name: 'ApiError', status: 404 })).toBe(false);
    expect(isAnsweredRequest(undefined)).toBe(false);
  });
});

describe('reportCaughtError', () => {
  it('logs a fault with its component stack', () => {
    const log = vi.fn();
    const fault = new TypeError('x is undefined');
    reportCaughtError(fault, { componentStack: '\n    at TaskPage' }, log);
    expect(log).toHaveBeenCalledWith(fault, '\n    at TaskPage');
  });

  it('leaves out an answer the page shows, such as not found', () => {
    const log = vi.fn();
    reportCaughtError(apiError(404), { componentStack: '' }, log);
    expect(log).not.toHaveBeenCalled();
  });
});
