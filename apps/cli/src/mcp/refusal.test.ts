import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../exit-codes';
import { apiErrorOfRefusal } from './refusal';

describe('apiErrorOfRefusal', () => {
  it("reads the API's error answer out of the SDK's error, so its code decides the exit", () => {
    const answer = JSON.stringify({
      error: {
        code: 'UNAUTHENTICATED',
        message: 'This API key is not valid: it may be mistyped, revoked or expired.',
      },
    });
    const error = apiErrorOfRefusal(new StreamableHTTPError(401, `Error POSTing to endpoint: ${answer}`));
    expect(error?.code).toBe('UNAUTHENTICATED');
    expect(error?.message).toBe('This API key is not valid: it may be mistyped, revoked or expired.');
    expect(exitCodeFor(error)).toBe(3);
  });

  it('leaves anything else alone', () => {
    expect(
      apiErrorOfRefusal(new StreamableHTTPError(502, 'Error POSTing to endpoint: Bad Gateway')),
    ).toBeUndefined();
    expect(
      apiErrorOfRefusal(new StreamableHTTPError(400, 'Error POSTing to endpoint: {"jsonrpc":"2.0"}')),
    ).toBeUndefined();
    expect(apiErrorOfRefusal(new Error('fetch failed'))).toBeUndefined();
  });
});
