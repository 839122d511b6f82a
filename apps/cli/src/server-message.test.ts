import { ApiError } from '@switchboard/api-client/errors';
import { describe, expect, it } from 'vitest';
import { serverMessageOf } from './server-message';

const failed = (body: unknown, status = 400, statusText = 'Bad Request') =>
  new ApiError({ status, statusText, body });

describe('serverMessageOf', () => {
  it('reads our error shape, with each validation issue on its own line', () => {
    const error = failed({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid.',
        details: [
          { path: ['title'], message: 'is required' },
          { path: [], message: 'too many fields' },
        ],
      },
    });
    expect(serverMessageOf(error)).toBe('The request is not valid.\n  title: is required\n  too many fields');
  });

  it("reads better-auth's { code, message } and OAuth's { error, error_description }", () => {
    expect(serverMessageOf(failed({ code: 'INVALID_ORIGIN', message: 'Invalid origin' }))).toBe(
      'Invalid origin',
    );
    expect(serverMessageOf(failed({ error: 'invalid_client', error_description: 'Unknown client id' }))).toBe(
      'Unknown client id',
    );
    expect(serverMessageOf(failed({ error: 'invalid_request' }))).toBe('invalid request');
  });

  it('reads a plain text body, but not an HTML page', () => {
    expect(serverMessageOf(failed('Service paused for maintenance', 503, 'Service Unavailable'))).toBe(
      'Service paused for maintenance',
    );
    expect(serverMessageOf(failed('<html><body>Bad gateway</body></html>', 502, 'Bad Gateway'))).toBe(
      'the server answered 502 Bad Gateway without saying why',
    );
  });

  it('never answers with the bare status line', () => {
    expect(serverMessageOf(failed(undefined))).toBe('the server answered 400 Bad Request without saying why');
    expect(serverMessageOf(failed({}))).not.toBe('400 Bad Request');
  });

  it('keeps a message the client wrote itself (a failed fetch, an unexpected answer)', () => {
    const unreachable = new ApiError({
      status: 0,
      statusText: 'Fetch Error',
      message: 'connect ECONNREFUSED',
    });
    expect(serverMessageOf(unreachable)).toBe('connect ECONNREFUSED');
  });
});
