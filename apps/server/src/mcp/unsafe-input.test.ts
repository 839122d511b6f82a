import { describe, expect, it } from 'vitest';
import { refuseUnsafeMcpRequest, unsafeToolArguments } from './unsafe-input';

const request = (query = '') => new Request(`http://localhost/api/v1/mcp${query}`, { method: 'POST' });

describe('refuseUnsafeMcpRequest', () => {
  it('answers unstorable text outside tool arguments with invalid params, naming the request', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 7,
      method: 'initialize',
      params: { clientInfo: { name: 'a\u0000', version: '1' } },
    };
    const response = refuseUnsafeMcpRequest(request(), body);
    expect(response?.status).toBe(400);
    expect(await response?.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32602,
        message: 'Invalid params: params.clientInfo.name: must not contain NUL characters',
      },
    });
  });

  it('leaves tool arguments to the tool, and refuses a bad query value or id', async () => {
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'x', arguments: { a: '\u0000' } },
    };
    expect(refuseUnsafeMcpRequest(request(), call)).toBeUndefined();
    expect(refuseUnsafeMcpRequest(request('?project=%00'), call)?.status).toBe(400);
    const badId = await refuseUnsafeMcpRequest(request(), {
      jsonrpc: '2.0',
      id: '\uD800',
      method: 'ping',
    })?.json();
    expect(badId).toMatchObject({ id: null, error: { code: -32602 } });
  });
});

describe('unsafeToolArguments', () => {
  it('is a VALIDATION_FAILED error naming the argument, or nothing for good arguments', () => {
    expect(unsafeToolArguments({ title: 'fine 🙂' })).toBeUndefined();
    const error = unsafeToolArguments({ devInfo: { notes: 'x\uDC00' } });
    expect(error?.code).toBe('VALIDATION_FAILED');
    expect(error?.message).toBe('devInfo.notes: must be valid Unicode text (it holds an unpaired surrogate)');
  });
});
