import { describe, expect, it } from 'vitest';
import { checkAgainstContract, endpointFor } from './contract-check';

const url = (path: string) => new URL(path, 'http://127.0.0.1:1');
const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

describe('endpointFor', () => {
  it('matches method and path pattern, literal dots included', () => {
    expect(endpointFor('GET', '/tasks/SWB-1')?.path).toBe('/tasks/{task}');
    expect(endpointFor('post', '/tasks/SWB-1/move')?.path).toBe('/tasks/{task}/move');
    expect(endpointFor('GET', '/openapi.json')?.path).toBe('/openapi.json');
    expect(endpointFor('GET', '/openapiXjson')).toBeUndefined();
    expect(endpointFor('PUT', '/tasks/SWB-1')).toBeUndefined();
  });
});

describe('checkAgainstContract', () => {
  it('accepts an answer that parses with its endpoint', async () => {
    const eventLoop = { p50Ms: 0.1, p99Ms: 2, maxMs: 9, windowMs: 5000 };
    const answer = json(200, { status: 'ok', database: 'pglite', eventLoop });
    await expect(checkAgainstContract('GET', url('/api/v1/health'), answer)).resolves.toBeUndefined();
  });

  it('names method, path and the zod issues when a success drifts from its schema', async () => {
    const answer = json(200, { status: 'ok', database: 'sqlite' });
    await expect(checkAgainstContract('GET', url('/api/v1/health'), answer)).rejects.toThrow(
      /GET \/api\/v1\/health answered 200 off the contract[\s\S]*database/,
    );
  });

  it('refuses a success status other than the endpoint says', async () => {
    const answer = json(200, { items: [] });
    await expect(checkAgainstContract('POST', url('/api/v1/projects'), answer)).rejects.toThrow(
      /answers 201/,
    );
  });

  it('refuses an error outside the error shape, an unknown code or a code on the wrong status', async () => {
    const check = (status: number, body: unknown) =>
      checkAgainstContract('GET', url('/api/v1/tasks/SWB-1'), json(status, body));
    await expect(check(404, { message: 'nope' })).rejects.toThrow(/error shape/);
    await expect(check(404, { error: { code: 'NO_SUCH_CODE', message: 'x' } })).rejects.toThrow(
      /not in the registry/,
    );
    await expect(check(409, { error: { code: 'TASK_NOT_FOUND', message: 'x' } })).rejects.toThrow(
      /belongs with 404/,
    );
    await expect(check(404, { error: { code: 'TASK_NOT_FOUND', message: 'x' } })).resolves.toBeUndefined();
  });

  it('refuses a success from a route no endpoint describes, and accepts its 404', async () => {
    await expect(checkAgainstContract('GET', url('/api/v1/secret'), json(200, {}))).rejects.toThrow(
      /no endpoint descriptor/,
    );
    const notFound = json(404, { error: { code: 'ROUTE_NOT_FOUND', message: 'x' } });
    await expect(checkAgainstContract('GET', url('/api/v1/secret'), notFound)).resolves.toBeUndefined();
  });

  it('leaves better-auth, MCP and everything outside /api/v1 alone', async () => {
    for (const path of ['/api/v1/auth/get-session', '/api/v1/mcp', '/dashboard', '/api/v2/health']) {
      await expect(
        checkAgainstContract('POST', url(path), json(200, { odd: true })),
      ).resolves.toBeUndefined();
    }
  });
});
