import { describe, expect, it } from 'vitest';
import { createApiKey } from '../testing/agents';
import { type Person, signUp } from '../testing/auth-agent';
import { startTestServer } from '../testing/harness';
import { useOrganizationFixture } from '../testing/organization-fixture';
import { createScratchDatabase } from '../testing/postgres';
import { readSse } from '../testing/sse';

// Dialect-sensitive: events travel by LISTEN/NOTIFY on PostgreSQL (across processes) and in memory on PGlite.

const fixture = useOrganizationFixture();

const openStream = (person: Person, lastEventId?: string) =>
  person.raw('/api/v1/events', { headers: lastEventId ? { 'last-event-id': lastEventId } : {} });

const createProject = (person: Person, key: string) =>
  person.raw('/api/v1/projects', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: fixture.server.url },
    body: JSON.stringify({ name: `Project ${key}`, key }),
  });

const isChange = (action: string, key: string) => (message: { event: string; data: string }) =>
  message.event === 'change' &&
  JSON.parse(message.data).action === action &&
  JSON.parse(message.data).data.key === key;

describe('GET /api/v1/events', () => {
  it('streams committed changes of the organization, with increasing ids', async () => {
    const response = await openStream(fixture.owner);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = readSse(response);
    await stream.next((message) => message.event === 'ready');
    await createProject(fixture.owner, 'ONE');
    await createProject(fixture.owner, 'TWO');
    const first = await stream.next(isChange('project.created', 'ONE'));
    const second = await stream.next(isChange('project.created', 'TWO'));
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    expect(JSON.parse(first.data)).toMatchObject({
      entity: 'project',
      actor: { type: 'user', name: 'Olive Owner' },
    });
    await stream.close();
  });

  it('never sends one organization’s events to another', async () => {
    const stream = readSse(await openStream(fixture.outsider));
    await stream.next((message) => message.event === 'ready');
    await createProject(fixture.owner, 'PRIV');
    await createProject(fixture.outsider, 'MINE');
    const mine = await stream.next((message) => message.event === 'change');
    expect(JSON.parse(mine.data).data.key).toBe('MINE');
    await stream.close();
  });

  it('replays what a reconnecting client missed after Last-Event-ID', async () => {
    const stream = readSse(await openStream(fixture.owner));
    await stream.next((message) => message.event === 'ready');
    await createProject(fixture.owner, 'BEFORE');
    const seen = await stream.next(isChange('project.created', 'BEFORE'));
    await stream.close();

    await createProject(fixture.owner, 'MISSED');
    const resumed = readSse(await openStream(fixture.owner, seen.id));
    const missed = await resumed.next((message) => message.event === 'change');
    expect(JSON.parse(missed.data).data.key).toBe('MISSED');
    await resumed.close();
  });

  it('resets a client whose Last-Event-ID this log never gave out, and resumes it from the log’s end', async () => {
    const live = readSse(await openStream(fixture.owner));
    await live.next((message) => message.event === 'ready');
    await createProject(fixture.owner, 'LAST');
    const last = await live.next(isChange('project.created', 'LAST'));
    await live.close();

    const stale = readSse(await openStream(fixture.owner, '999999'));
    const reset = await stale.next((message) => message.event === 'reset');
    expect(reset.id).toBe(last.id);
    await stale.close();
  });

  it('sends each organization its own gapless positions', async () => {
    const mine = readSse(await openStream(fixture.outsider));
    await mine.next((message) => message.event === 'ready');
    await createProject(fixture.outsider, 'GAPA');
    await createProject(fixture.owner, 'GAPB');
    await createProject(fixture.outsider, 'GAPC');
    const first = await mine.next(isChange('project.created', 'GAPA'));
    const second = await mine.next(isChange('project.created', 'GAPC'));
    expect(Number(second.id)).toBe(Number(first.id) + 1);
    await mine.close();
  });

  it('streams to an agent holding an API key of the organization', async () => {
    const key = await createApiKey(fixture.owner, { name: 'Stream reader' });
    const stream = readSse(
      await fixture.server.fetch('/api/v1/events', { headers: { 'x-api-key': key.key } }),
    );
    await stream.next((message) => message.event === 'ready');
    await createProject(fixture.owner, 'KEYED');
    const event = await stream.next(isChange('project.created', 'KEYED'));
    expect(JSON.parse(event.data).actor).toMatchObject({ type: 'user', name: 'Olive Owner' });
    await stream.close();
  });

  it('needs a session', async () => {
    expect((await fixture.server.fetch('/api/v1/events')).status).toBe(401);
  });
});

describe.skipIf(!process.env.DATABASE_URL_TEST)(
  'events across fixture.server processes on one PostgreSQL',
  () => {
    it('an event committed through fixture.server A reaches an SSE client of fixture.server B', async () => {
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
  },
);
