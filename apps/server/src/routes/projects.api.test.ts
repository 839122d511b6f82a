import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, signUp } from '../testing/auth-agent';
import { serverForFile, type TestServer } from '../testing/harness';

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;
let ada: Person;
let outsider: Person;

beforeAll(async () => {
  ({ server, release: releaseServer } = await serverForFile());
  ada = await signUp(server, 'Ada');
  outsider = await signUp(server, 'Mallory');
});

afterAll(async () => {
  await releaseServer?.();
});

async function send(person: Person, method: string, path: string, body?: unknown) {
  const response = await person.raw(path, {
    method,
    headers:
      body === undefined
        ? { origin: server.url }
        : { 'content-type': 'application/json', origin: server.url },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe('projects', () => {
  it('creates a project with the four default statuses, and lists it', async () => {
    const created = await send(ada, 'POST', '/api/v1/projects', { name: 'Switchboard', key: 'SWB' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ key: 'SWB', name: 'Switchboard', version: 1, description: '' });
    const statuses = await send(ada, 'GET', `/api/v1/projects/${created.body.id}/statuses`);
    expect(statuses.body.items.map((s: { name: string; category: string }) => [s.name, s.category])).toEqual([
      ['Todo', 'todo'],
      ['In Progress', 'in_progress'],
      ['Review', 'review'],
      ['Done', 'done'],
    ]);
    const list = await send(ada, 'GET', '/api/v1/projects');
    expect(list.body.items).toEqual([
      expect.objectContaining({ key: 'SWB', counts: { tasks: 0, openTasks: 0, workUnits: 0 } }),
    ]);
  });

  it('refuses bad input with the zod issues, and unknown fields', async () => {
    const bad = await send(ada, 'POST', '/api/v1/projects', { name: '', key: 'swb' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(bad.body.error.details.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual([
      'key',
      'name',
    ]);
    const extra = await send(ada, 'POST', '/api/v1/projects', { name: 'X', key: 'XX', colour: 'red' });
    expect(extra.status).toBe(400);
  });

  it('refuses a duplicate key in the organization', async () => {
    const again = await send(ada, 'POST', '/api/v1/projects', { name: 'Other', key: 'SWB' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('PROJECT_KEY_TAKEN');
  });

  it('updates with the version read and answers 409 with the current version when stale', async () => {
    const created = await send(ada, 'POST', '/api/v1/projects', { name: 'Versioned', key: 'VER' });
    const first = await send(ada, 'PATCH', `/api/v1/projects/${created.body.id}`, {
      version: 1,
      name: 'Renamed',
    });
    expect(first.body).toMatchObject({ name: 'Renamed', version: 2 });
    const log = await send(ada, 'GET', `/api/v1/activity?entityId=${created.body.id}&limit=1`);
    expect(log.body.items[0].summary).toBe('updated project VER: name "Versioned" → "Renamed"');
    const stale = await send(ada, 'PATCH', `/api/v1/projects/${created.body.id}`, {
      version: 1,
      name: 'Lost',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 2 } });
  });

  it('hides projects of other organizations behind 404', async () => {
    const created = await send(ada, 'POST', '/api/v1/projects', { name: 'Secret', key: 'SEC' });
    for (const [method, path, body] of [
      ['GET', `/api/v1/projects/${created.body.id}`],
      ['GET', `/api/v1/projects/${created.body.id}/statuses`],
      ['PATCH', `/api/v1/projects/${created.body.id}`, { version: 1, name: 'Pwned' }],
      ['DELETE', `/api/v1/projects/${created.body.id}?confirm=true`],
    ] as const) {
      const answer = await send(outsider, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.code).toBe('PROJECT_NOT_FOUND');
    }
    expect((await send(outsider, 'GET', '/api/v1/projects')).body.items).toEqual([]);
  });

  it('asks for confirmation before deleting, saying what goes with it', async () => {
    const created = await send(ada, 'POST', '/api/v1/projects', { name: 'Doomed', key: 'DOOM' });
    const unconfirmed = await send(ada, 'DELETE', `/api/v1/projects/${created.body.id}`);
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.error).toMatchObject({
      code: 'CONFIRMATION_REQUIRED',
      details: { tasks: 0, workUnits: 0 },
    });
    const confirmed = await send(ada, 'DELETE', `/api/v1/projects/${created.body.id}?confirm=true`);
    expect(confirmed.status).toBe(200);
    expect((await send(ada, 'GET', `/api/v1/projects/${created.body.id}`)).status).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const response = await server.fetch('/api/v1/projects');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  });
});
