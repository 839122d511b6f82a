import { describe, expect, it } from 'vitest';
import { createApiClient, INVALID_RESPONSE_STATUS_TEXT } from './client';
import { endpoints } from './endpoints';
import { ApiError } from './errors';
import { createTypedApi } from './typed-client';

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
}

/** A typed API over a fake fetch that records each request and answers `reply`. */
function apiAnswering(reply: () => Response) {
  const sent: Sent[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    sent.push({
      method: init?.method ?? 'GET',
      url: new URL(input instanceof Request ? input.url : String(input)),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    return reply();
  };
  const api = createTypedApi(createApiClient({ baseUrl: 'https://board.example', fetch: fakeFetch }));
  return { api, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const comment = {
  id: 'c1',
  taskId: 't1',
  author: { type: 'agent', id: null, name: 'builder' },
  body: 'Done.',
  version: 1,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  editedAt: null,
};

describe('createTypedApi', () => {
  it('fills the path from the named parameters, encoding each value', async () => {
    const { api, sent } = apiAnswering(() => json(200, { items: [] }));
    await api.comments.list({ task: 'SWB 1/2' });
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.url.pathname).toBe('/api/v1/tasks/SWB%201%2F2/comments');
  });

  it('sends the query as search parameters and leaves out the unset ones', async () => {
    const { api, sent } = apiAnswering(() => json(200, { items: [] }));
    await api.tasks.list({ projectId: 'p1', query: { assignee: 'builder', limit: 5, search: undefined } });
    const url = sent[0]?.url;
    expect(url?.pathname).toBe('/api/v1/projects/p1/tasks');
    expect(url?.searchParams.get('assignee')).toBe('builder');
    expect(url?.searchParams.get('limit')).toBe('5');
    expect(url?.searchParams.has('search')).toBe(false);
  });

  it('sends the body as JSON with the endpoint method and answers the parsed response', async () => {
    const { api, sent } = apiAnswering(() => json(201, comment));
    const created = await api.comments.create({ task: 'SWB-1', body: { body: 'Done.' } });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url.pathname).toBe('/api/v1/tasks/SWB-1/comments');
    expect(sent[0]?.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(sent[0]?.body ?? 'null')).toEqual({ body: 'Done.' });
    expect(created).toEqual(comment);
  });

  it('refuses an answer that does not match the response schema', async () => {
    const { api } = apiAnswering(() => json(200, { status: 'fine', database: 'pglite' }));
    const failure = await api.system.health().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ statusText: INVALID_RESPONSE_STATUS_TEXT });
  });

  it('throws ApiError with the registry code on a 4xx answer', async () => {
    const { api } = apiAnswering(() =>
      json(404, { error: { code: 'TASK_NOT_FOUND', message: 'Task SWB-9 does not exist.' } }),
    );
    const failure = await api.tasks.get({ task: 'SWB-9' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 404,
      code: 'TASK_NOT_FOUND',
      message: 'Task SWB-9 does not exist.',
    });
  });

  it('rejects a call to an endpoint the group does not have, naming it, and sends nothing', async () => {
    const { api, sent } = apiAnswering(() => json(200, {}));
    const tasks = api.tasks as unknown as Record<string, () => Promise<unknown>>;
    await expect(tasks.nonesuch?.()).rejects.toThrow("No endpoint 'tasks.nonesuch' in the API contract");
    expect(sent).toEqual([]);
  });

  it('leaves a group awaitable as itself, not a call', async () => {
    const { api, sent } = apiAnswering(() => json(200, {}));
    expect(await api.tasks).toBe(api.tasks);
    expect(sent).toEqual([]);
  });

  it('builds absolute URLs with urlOf, for an EventSource or a link', () => {
    const { api, sent } = apiAnswering(() => json(200, {}));
    expect(api.urlOf(endpoints.events.stream, { query: { lastEventId: '42' } })).toBe(
      'https://board.example/api/v1/events?lastEventId=42',
    );
    expect(api.urlOf(endpoints.mcpConfig.get, { projectId: 'p/1' })).toBe(
      'https://board.example/api/v1/projects/p%2F1/mcp/config',
    );
    expect(sent).toEqual([]);
  });
});
