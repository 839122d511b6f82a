import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../testing/agents';
import { type Person, signIn, signUp } from '../testing/auth-agent';
import { selectedTestDatabase, startTestServer, type TestServer } from '../testing/harness';
import { createProject, joinOrganizationOf } from '../testing/projects';
import { readSse } from '../testing/sse';

// Dialect-sensitive: on PostgreSQL the streams live in another process, so the revocation crosses
// LISTEN/NOTIFY.

/**
 * What the caller's stream must end within, once the revocation has been answered. A stream that is
 * never ended fails however long this is; a busy machine needs more than the usual fraction of a second.
 */
const REVOCATION_DEADLINE_MS = 10_000;

let server: TestServer;
/** Where the streams are open: another process on PostgreSQL, so the signal has to cross processes. */
let streams: TestServer;
let ada: Person;
let adaOrganization: string;

beforeAll(async () => {
  const secret = { BETTER_AUTH_SECRET: 'a-shared-secret-of-at-least-32-characters' };
  server = await startTestServer({ env: secret });
  streams =
    selectedTestDatabase() === 'postgres'
      ? await startTestServer({ env: { ...secret, DATABASE_URL: server.env.DATABASE_URL ?? '' } })
      : server;
  ada = await signUp(server, 'Ada');
  const session = await ada.auth<{ session: { activeOrganizationId: string } }>('get', '/get-session');
  adaOrganization = session.body.session.activeOrganizationId;
});

afterAll(async () => {
  if (streams !== server) await streams?.close();
  await server?.close();
});

/** Opens a stream with `headers` and waits for it to be ready; `ended()` resolves when it closes. */
async function openStream(headers: Record<string, string>) {
  const stream = readSse(await streams.fetch('/api/v1/events', { headers }));
  await stream.next((message) => message.event === 'ready');
  return {
    close: stream.close,
    async receives(action: string) {
      await stream.next(
        (message) => message.event === 'change' && JSON.parse(message.data).action === action,
      );
    },
    async endsWithin(ms: number) {
      await expect(stream.next(() => false, ms)).rejects.toThrow('the event stream ended');
    },
  };
}

describe('revocation ends the caller’s open event streams', () => {
  it('deleting an API key ends the streams opened with it', async () => {
    const key = await createApiKey(ada, { name: 'Soon deleted' });
    const stream = await openStream({ 'x-api-key': key.key });
    const kept = await openStream({ cookie: ada.cookieHeader });
    expect((await ada.auth('post', '/api-key/delete', { keyId: key.id })).status).toBe(200);
    await stream.endsWithin(REVOCATION_DEADLINE_MS);
    await createProject(server, ada, 'KEYS');
    await kept.receives('project.created');
    await kept.close();
  });

  it('revoking a session ends the streams of that session only', async () => {
    const laptop = await signIn(server, ada.user.email, ada.password);
    const stream = await openStream({ cookie: laptop.cookieHeader });
    const kept = await openStream({ cookie: ada.cookieHeader });
    expect((await ada.auth('post', '/revoke-other-sessions')).status).toBe(200);
    await stream.endsWithin(REVOCATION_DEADLINE_MS);
    await createProject(server, ada, 'KEPT');
    await kept.receives('project.created');
    await kept.close();
  });

  it('removing a member ends their session and key streams', async () => {
    const dee = await signUp(server, 'Dee');
    await joinOrganizationOf(ada, dee);
    const key = await createApiKey(dee, { name: 'Dee’s agent' });
    const session = await openStream({ cookie: dee.cookieHeader });
    const keyed = await openStream({ 'x-api-key': key.key });
    const removed = await ada.auth('post', '/organization/remove-member', {
      memberIdOrEmail: dee.user.email,
      organizationId: adaOrganization,
    });
    expect(removed.status).toBe(200);
    await Promise.all([session.endsWithin(REVOCATION_DEADLINE_MS), keyed.endsWithin(REVOCATION_DEADLINE_MS)]);
  });
});
