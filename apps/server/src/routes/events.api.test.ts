import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../testing/agents';
import { type Person, signUp } from '../testing/auth-agent';
import { startTestServer, type TestServer } from '../testing/harness';
import { createScratchDatabase } from '../testing/postgres';
import { readSse } from '../testing/sse';

let server: TestServer;
let ada: Person;
let outsider: Person;

beforeAll(async () => {
  server = await startTestServer();
  ada = await signUp(server, 'Ada');
  outsider = await signUp(server, 'Mallory');
});

afterAll(async () => {
  await server?.close();
});

const openStream = (person: Person, lastEventId?: string) =>
  person.raw('/api/v1/events', { headers: lastEventId ? { 'last-event-id': lastEventId } : {} });

const createProject = (person: Person, key: string) =>
  person.raw('/api/v1/projects', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ name: `Project ${key}`, key }),
  });

const isChange = (action: string, key: string) => (message: { event: string; data: string }) =>
  message.event === 'change' &&
  JSON.parse(message.data).action === action &&
  JSON.parse(message.data).data.key === key;

describe('GET /api/v1/events', () => {
  it('streams committed changes of the organisation, with increasing ids', async () => {
    const response = await openStream(ada);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = readSse(response);
    await stream.next((message) => message.event === 'ready');
    await createProject(ada, 'ONE');
    await createProject(ada, 'TWO');
    const first = await stream.next(isChange('project.created', 'ONE'));
    const second = await stream.next(isChange('project.created', 'TWO'));
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    expect(JSON.parse(first.data)).toMatchObject({ entity: 'project', actor: { type: 'user', name: 'Ada' } });
    await stream.close();
  });

  it('never sends one organisation’s events to another', async () => {
    const stream = readSse(await openStream(outsider));
    await stream.next((message) => message.event === 'ready');
    await createProject(ada, 'PRIV');
    await createProject(outsider, 'MINE');
    const mine = await stream.next((message) => message.event === 'change');
    expect(JSON.parse(mine.data).data.key).toBe('MINE');
    await stream.close();
  });

  it('replays what a reconnecting client missed after Last-Event-ID', async () => {
    const stream = readSse(await openStream(ada));
    await stream.next((message) => message.event === 'ready');
    await createProject(ada, 'BEFORE');
    const seen = await stream.next(isChange('project.created', 'BEFORE'));
    await stream.close();

    await createProject(ada, 'MISSED');
    const resumed = readSse(await openStream(ada, seen.id));
    const missed = await resumed.next((message) => message.event === 'change');
    expect(JSON.parse(missed.data).data.key).toBe('MISSED');
    await resumed.close();
  });

  it('resets a client whose Last-Event-ID this log never gave out, and resumes it from the log’s end', async () => {
    const live = readSse(await openStream(ada));
    await live.next((message) => message.event === 'ready');
    await createProject(ada, 'LAST');
    const last = await live.next(isChange('project.created', 'LAST'));
    await live.close();

    const stale = readSse(await openStream(ada, '999999'));
    const reset = await stale.next((message) => message.event === 'reset');
    expect(reset.id).toBe(last.id);
    await stale.close();
  });

  it('sends each organisation its own gapless positions', async () => {
    const mine = readSse(await openStream(outsider));
    await mine.next((message) => message.event === 'ready');
    await createProject(outsider, 'GAPA');
    await createProject(ada, 'GAPB');
    await createProject(outsider, 'GAPC');
    const first = await mine.next(isChange('project.created', 'GAPA'));
    const second = await mine.next(isChange('project.created', 'GAPC'));
    expect(Number(second.id)).toBe(Number(first.id) + 1);
    await mine.close();
  });

  it('streams to an agent holding an API key of the organisation', async () => {
    const key = await createApiKey(ada, { name: 'Stream reader' });
    const stream = readSse(await server.fetch('/api/v1/events', { headers: { 'x-api-key': key.key } }));
    await stream.next((message) => message.event === 'ready');
    await createProject(ada, 'KEYED');
    const event = await stream.next(isChange('project.created', 'KEYED'));
    expect(JSON.parse(event.data).actor).toMatchObject({ type: 'user', name: 'Ada' });
    await stream.close();
  });

  it('needs a session', async () => {
    expect((await server.fetch('/api/v1/events')).status).toBe(401);
  });
});

describe.skipIf(!process.env.DATABASE_URL_TEST)('events across server processes on one PostgreSQL', () => {
  it('an event committed through server A reaches an SSE client of server B', async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL_TEST as string);
    // Scaled-out servers share the database and the session secret (README: Run on PostgreSQL).
    const shared = {
      DATABASE_URL: scratch.url,
      BETTER_AUTH_SECRET: 'a-shared-secret-of-at-least-32-characters',
    };
    const a = await startTestServer({ env: shared });
    const b = await startTestServer({ env: shared });
    try {
      const person = await signUp(a, 'Grace');
      // Sessions live in the database, so the same cookie works on B.
      const onB = readSse(await b.fetch('/api/v1/events', { headers: { cookie: person.cookieHeader } }));
      await onB.next((message) => message.event === 'ready');
      await person.raw('/api/v1/projects', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: a.url },
        body: JSON.stringify({ name: 'Shared', key: 'SHR' }),
      });
      const event = await onB.next((message) => message.event === 'change');
      expect(JSON.parse(event.data)).toMatchObject({ action: 'project.created', data: { key: 'SHR' } });
      await onB.close();
    } finally {
      await a.close();
      await b.close();
      await scratch.drop();
    }
  });
});
