import { allEndpoints, fillPath, pathParamNames } from '@switchboard/api-client/endpoints';
import { errorBodySchema } from '@switchboard/api-client/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverForFile, type TestServer } from '../testing/harness';

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ server, release: releaseServer } = await serverForFile());
});

afterAll(async () => {
  await releaseServer?.();
});

interface Operation {
  requestBody?: unknown;
  parameters?: { name: string; in: string; description?: string }[];
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** /api/v1/tasks/:task → /tasks/{task}; only our REST routes (better-auth documents its own). */
function documentedForm(path: string): string | undefined {
  if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/auth/') || path.includes('*'))
    return undefined;
  return path.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}');
}

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document generated from the contract', async () => {
    const document = (await (await server.fetch('/api/v1/openapi.json')).json()) as Document;
    expect(document.openapi).toBe('3.1.0');
    const createProject = document.paths['/projects']?.post?.requestBody as {
      content: { 'application/json': { schema: { required: string[]; additionalProperties: boolean } } };
    };
    expect(createProject.content['application/json'].schema.required.sort()).toEqual(['key', 'name']);
    // Strict objects: unknown fields are refused, and the document says so.
    expect(createProject.content['application/json'].schema.additionalProperties).toBe(false);
    // Each path parameter says what it takes: a reference or an id.
    const moveTask = document.paths['/tasks/{task}/move']?.post?.parameters;
    expect(moveTask).toEqual([
      expect.objectContaining({
        name: 'task',
        description: 'The task: its key (SWB-12, any case) or its id',
      }),
    ]);
    const dismiss = document.paths['/findings/{findingId}/dismiss']?.post?.parameters;
    expect(dismiss).toEqual([
      expect.objectContaining({ name: 'findingId', description: "The finding's id" }),
    ]);
  });

  it('documents every REST route the server mounts, and nothing it does not', async () => {
    const document = (await (await server.fetch('/api/v1/openapi.json')).json()) as Document;
    const mounted = new Set(
      server.server.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => {
          const path = documentedForm(route.path);
          return path ? `${route.method.toLowerCase()} ${path}` : undefined;
        })
        .filter((entry): entry is string => entry !== undefined),
    );
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method} ${path}`),
      ),
    );
    expect([...mounted].sort()).toEqual([...documented].sort());
  });
});

describe('authentication of documented operations', () => {
  it('every member operation answers 401 without a session', async () => {
    const memberEndpoints = allEndpoints().filter((endpoint) => endpoint.access === 'member');
    expect(memberEndpoints.length).toBeGreaterThan(0);
    for (const endpoint of memberEndpoints) {
      const params = Object.fromEntries(pathParamNames(endpoint.path).map((name) => [name, 'some-id']));
      const path = `/api/v1${fillPath(endpoint.path, params)}`;
      const response = await server.fetch(path, {
        method: endpoint.method,
        headers: endpoint.body ? { 'content-type': 'application/json' } : {},
        body: endpoint.body ? '{}' : undefined,
      });
      expect(response.status, `${endpoint.method} ${path}`).toBe(401);
      expect(errorBodySchema.parse(await response.json()).error.code).toBe('UNAUTHENTICATED');
    }
  });
});
