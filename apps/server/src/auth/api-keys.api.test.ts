import { API_KEY_PREFIX, API_KEY_RATE_LIMIT } from '@switchboard/auth/api-keys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apikey } from '../db/schema';
import {
  type CreatedApiKey,
  createAgentProfile,
  createApiKey,
  requestApiKey,
  sendWithKey,
} from '../testing/agents';
import { type Person, signUp } from '../testing/auth-agent';
import { serverForFile, type TestServer } from '../testing/harness';
import { createOrganization, sessionOf } from '../testing/organizations';
import { caller, createProject, type Json, joinOrganizationOf, type TestProject } from '../testing/projects';

let server: TestServer;
let release: (() => Promise<void>) | undefined;
let ada: Person;
let call: ReturnType<typeof caller>;
let adaOrg: string;
let swb: TestProject;

beforeAll(async () => {
  ({ server, release } = await serverForFile());
  call = caller(server);
  ada = await signUp(server, 'Ada');
  adaOrg = (await sessionOf(ada))?.session.activeOrganizationId ?? '';
  swb = await createProject(server, ada, 'SWB');
  await createAgentProfile(server, ada, 'backend-dev');
  await createAgentProfile(server, ada, 'frontend-dev');
});

afterAll(async () => {
  await release?.();
});

const db = () => server.server.database.db;

async function setActive(person: Person, organizationId: string) {
  const answer = await person.auth('post', '/organization/set-active', { organizationId });
  expect(answer.status).toBe(200);
}

async function listKeys(person: Person): Promise<Json[]> {
  const answer = await person.auth<Json>('get', '/api-key/list');
  expect(answer.status).toBe(200);
  return answer.body.apiKeys;
}

describe('creating keys', () => {
  it('shows the key once, stores only its hash, and binds it to the active organization and agent', async () => {
    const created = await createApiKey(ada, { name: 'CI runner', agentName: 'Backend-Dev' });
    expect(created.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(created.key.length).toBeGreaterThanOrEqual(API_KEY_PREFIX.length + 64);
    expect(created).toMatchObject({
      name: 'CI runner',
      prefix: 'sb_',
      start: created.key.slice(0, 8),
      expiresAt: null,
      metadata: { organizationId: adaOrg, agentName: 'backend-dev' },
      rateLimitEnabled: true,
      rateLimitMax: API_KEY_RATE_LIMIT.maxRequests,
      rateLimitTimeWindow: API_KEY_RATE_LIMIT.timeWindowMs,
    });
    const [row] = await db().select().from(apikey).where(eq(apikey.id, created.id));
    expect(row?.key).toBeDefined();
    expect(row?.key).not.toBe(created.key);
    expect(row?.key).not.toContain(created.key.slice(8));
    // Never again: neither the list nor a read answers the key or its hash.
    const listed = (await listKeys(ada)).find((item) => item.id === created.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('key');
    const read = await ada.auth<Json>('get', '/api-key/get', { id: created.id });
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('key');
  });

  it('refuses an unknown agent with the names there are, and says how to make the first one', async () => {
    const unknown = await requestApiKey(ada, { name: 'Nope', agentName: 'qa-bot' });
    // The same code, status and meaning as when a task is assigned to an agent that does not exist.
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('AGENT_NOT_FOUND');
    expect(unknown.body.message).toContain('backend-dev, frontend-dev');
    const bea = await signUp(server, 'Bea');
    const none = await requestApiKey(bea, { name: 'Nope', agentName: 'backend-dev' });
    expect(none.status).toBe(404);
    expect(none.body.message).toContain('no agent profiles yet');
    expect(none.body.message).toContain('POST /api/v1/agents');
  });

  it('refuses a foreign organization, chosen metadata, another prefix, no name and bad expiries', async () => {
    const mallory = await signUp(server, 'Mallory');
    const foreign = await requestApiKey(mallory, { name: 'Into Ada', organizationId: adaOrg });
    expect(foreign.status).toBe(404);
    const spoofed = await mallory.auth<Json>('post', '/api-key/create', {
      name: 'Spoof',
      metadata: { organizationId: adaOrg },
    });
    expect(spoofed.status).toBe(400);
    expect(spoofed.body.code).toBe('INVALID_METADATA');
    const prefixed = await ada.auth<Json>('post', '/api-key/create', { name: 'Other', prefix: 'xx_' });
    expect(prefixed.status).toBe(400);
    expect((await ada.auth('post', '/api-key/create', {})).status).toBe(400);
    // The plugin's bounds: at least a day, at most a year; server-only settings stay server-only.
    expect((await requestApiKey(ada, { name: 'Short', expiresIn: 3600 })).status).toBe(400);
    expect((await requestApiKey(ada, { name: 'Long', expiresIn: 400 * 86_400 })).status).toBe(400);
    const unlimited = await ada.auth('post', '/api-key/create', {
      name: 'Unlimited',
      rateLimitEnabled: false,
    });
    expect(unlimited.status).toBe(400);
    // Nobody can sign a key up without a session.
    const anonymous = await server.fetch('/api/v1/auth/api-key/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Anonymous' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('cannot move a key to another organization or agent afterwards', async () => {
    const created = await createApiKey(ada, { name: 'Fixed', agentName: 'frontend-dev' });
    const moved = await ada.auth<Json>('post', '/api-key/update', {
      keyId: created.id,
      metadata: { organizationId: 'elsewhere', agentName: 'backend-dev' },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.code).toBe('METADATA_FIXED');
    const renamed = await ada.auth<Json>('post', '/api-key/update', { keyId: created.id, name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.metadata).toEqual({ organizationId: adaOrg, agentName: 'frontend-dev' });
  });
});

describe('listing keys', () => {
  it('shows name, start, agent, created, last used and expiry — only of the active organization', async () => {
    const cy = await signUp(server, 'Cy');
    const home = (await sessionOf(cy))?.session.activeOrganizationId ?? '';
    await createAgentProfile(server, cy, 'reviewer');
    const homeKey = await createApiKey(cy, { name: 'Home', agentName: 'reviewer', expiresIn: 30 * 86_400 });
    const other = await createOrganization(cy, 'Side project');
    await setActive(cy, other.id);
    const sideKey = await createApiKey(cy, { name: 'Side' });
    expect(sideKey.metadata).toEqual({ organizationId: other.id });

    expect((await listKeys(cy)).map((item) => item.name)).toEqual(['Side']);
    // The home key cannot be read while another organization is active either.
    expect((await cy.auth('get', '/api-key/get', { id: homeKey.id })).status).toBe(404);
    const asking = await cy.auth<Json>('get', '/api-key/list', { organizationId: home });
    expect(asking.status).toBe(400);

    await setActive(cy, home);
    const before = await listKeys(cy);
    expect(before.map((item) => item.name)).toEqual(['Home']);
    expect(before[0]).toMatchObject({
      id: homeKey.id,
      name: 'Home',
      start: homeKey.key.slice(0, 8),
      prefix: 'sb_',
      metadata: { organizationId: home, agentName: 'reviewer' },
      lastRequest: null,
      enabled: true,
    });
    expect(Date.parse(before[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const expiresIn = Date.parse(before[0].expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 86_400_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 86_400_000);

    expect((await sendWithKey(server, homeKey.key, 'GET', '/api/v1/projects')).status).toBe(200);
    const [after] = await listKeys(cy);
    expect(Date.parse(after.lastRequest)).toBeGreaterThan(Date.now() - 60_000);
    // Another person never sees them.
    expect(await listKeys(ada)).not.toContainEqual(expect.objectContaining({ id: homeKey.id }));
  });
});

describe('acting with a key', () => {
  let key: CreatedApiKey;

  beforeAll(async () => {
    key = await createApiKey(ada, { name: 'Backend agent', agentName: 'backend-dev' });
  });

  it('works as x-api-key and as a Bearer value, acting as the agent in the activity log', async () => {
    const created = await sendWithKey(server, key.key, 'POST', `/api/v1/projects/${swb.id}/tasks`, {
      title: 'Written by an agent',
      assignee: 'backend-dev',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const moved = await sendWithKey(
      server,
      key.key,
      'POST',
      `/api/v1/tasks/${created.body.key}/move`,
      { version: 1, statusId: swb.inProgress },
      'bearer',
    );
    expect(moved.status).toBe(200);
    const comment = await sendWithKey(server, key.key, 'POST', `/api/v1/tasks/${created.body.key}/comments`, {
      body: 'On it.',
    });
    expect(comment.status).toBe(201);
    expect(comment.body.author).toEqual({ type: 'agent', id: key.id, name: 'backend-dev' });
    const log = await call(ada, 'GET', `/api/v1/activity?entityId=${created.body.id}`);
    expect(log.body.items.map((item: Json) => [item.action, item.actor])).toEqual([
      ['task.moved', { type: 'agent', id: key.id, name: 'backend-dev' }],
      ['task.created', { type: 'agent', id: key.id, name: 'backend-dev' }],
    ]);
  });

  it('acts under the key name when the key has no agent', async () => {
    const plain = await createApiKey(ada, { name: 'Deploy script' });
    const created = await sendWithKey(server, plain.key, 'POST', `/api/v1/projects/${swb.id}/tasks`, {
      title: 'From a script',
    });
    const log = await call(ada, 'GET', `/api/v1/activity?entityId=${created.body.id}`);
    expect(log.body.items[0].actor).toEqual({ type: 'agent', id: plain.id, name: 'Deploy script' });
  });

  it('acts with a member’s rights: no project deletion, no profile management, no better-auth session', async () => {
    const project = await createProject(server, ada, 'KEEP');
    const remove = await sendWithKey(
      server,
      key.key,
      'DELETE',
      `/api/v1/projects/${project.id}?confirm=true`,
    );
    expect(remove.status).toBe(403);
    expect((await sendWithKey(server, key.key, 'POST', '/api/v1/agents', { name: 'rogue' })).status).toBe(
      403,
    );
    expect((await sendWithKey(server, key.key, 'GET', '/api/v1/agents')).body.items.length).toBeGreaterThan(
      0,
    );
    // A key is not a session: better-auth's account, organization and key endpoints do not accept it.
    const session = await sendWithKey(server, key.key, 'GET', '/api/v1/auth/get-session');
    expect(session.body).toBeNull();
    const more = await sendWithKey(server, key.key, 'POST', '/api/v1/auth/api-key/create', { name: 'More' });
    expect(more.status).toBe(401);
  });

  it('leaves bearer session tokens working', async () => {
    const response = await server.fetch('/api/v1/projects', {
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(response.status).toBe(200);
  });

  it('answers 401 in the error shape for a wrong key', async () => {
    for (const header of ['x-api-key', 'bearer'] as const) {
      const wrong = await sendWithKey(
        server,
        `${API_KEY_PREFIX}${'x'.repeat(64)}`,
        'GET',
        '/api/v1/projects',
        undefined,
        header,
      );
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.code).toBe('UNAUTHENTICATED');
      expect(wrong.body.error.message).toContain('API key');
    }
  });
});

describe('revocation and expiry', () => {
  it('a deleted key is refused on its next request', async () => {
    const key = await createApiKey(ada, { name: 'Revoked' });
    expect((await sendWithKey(server, key.key, 'GET', '/api/v1/projects')).status).toBe(200);
    expect((await ada.auth('post', '/api-key/delete', { keyId: key.id })).status).toBe(200);
    const next = await sendWithKey(server, key.key, 'GET', '/api/v1/projects');
    expect(next.status).toBe(401);
    expect(next.body.error.code).toBe('UNAUTHENTICATED');
    expect((await listKeys(ada)).map((item) => item.id)).not.toContain(key.id);
  });

  it('a disabled key is refused until it is enabled again', async () => {
    const key = await createApiKey(ada, { name: 'Paused' });
    expect((await ada.auth('post', '/api-key/update', { keyId: key.id, enabled: false })).status).toBe(200);
    expect((await sendWithKey(server, key.key, 'GET', '/api/v1/projects')).status).toBe(401);
    expect((await ada.auth('post', '/api-key/update', { keyId: key.id, enabled: true })).status).toBe(200);
    expect((await sendWithKey(server, key.key, 'GET', '/api/v1/projects')).status).toBe(200);
  });

  it('an expired key is refused', async () => {
    const key = await createApiKey(ada, { name: 'Day pass', expiresIn: 86_400 });
    expect((await sendWithKey(server, key.key, 'GET', '/api/v1/projects')).status).toBe(200);
    await db()
      .update(apikey)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apikey.id, key.id));
    const expired = await sendWithKey(server, key.key, 'GET', '/api/v1/projects');
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('a key stops working when its creator leaves the organization', async () => {
    const dee = await signUp(server, 'Dee');
    await joinOrganizationOf(ada, dee, 'admin');
    const key = await createApiKey(dee, { name: 'Dee’s agent', agentName: 'backend-dev' });
    expect((await sendWithKey(server, key.key, 'GET', '/api/v1/projects')).status).toBe(200);
    const removed = await ada.auth('post', '/organization/remove-member', {
      memberIdOrEmail: dee.user.email,
      organizationId: adaOrg,
    });
    expect(removed.status).toBe(200);
    expect((await sendWithKey(server, key.key, 'GET', '/api/v1/projects')).status).toBe(401);
  });

  it('a removed member’s keys stay revoked when they are invited back and accept', async () => {
    const eli = await signUp(server, 'Eli');
    await joinOrganizationOf(ada, eli);
    const key = await createApiKey(eli, { name: 'Eli’s agent', agentName: 'backend-dev' });
    const other = await createOrganization(eli, 'Eli Elsewhere');
    await setActive(eli, other.id);
    const elsewhere = await createApiKey(eli, { name: 'Eli’s other agent' });
    const removed = await ada.auth('post', '/organization/remove-member', {
      memberIdOrEmail: eli.user.email,
      organizationId: adaOrg,
    });
    expect(removed.status).toBe(200);
    expect((await sendWithKey(server, key.key, 'GET', '/api/v1/projects')).status).toBe(401);
    expect(await db().select().from(apikey).where(eq(apikey.id, key.id))).toEqual([]);

    await joinOrganizationOf(ada, eli);
    const again = await sendWithKey(server, key.key, 'GET', '/api/v1/projects');
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('UNAUTHENTICATED');
    // Only the keys made for the organization they left are revoked.
    expect((await sendWithKey(server, elsewhere.key, 'GET', '/api/v1/projects')).status).toBe(200);
  });

  it('a member who leaves loses their keys for good, re-joining or not', async () => {
    const fay = await signUp(server, 'Fay');
    await joinOrganizationOf(ada, fay);
    const key = await createApiKey(fay, { name: 'Fay’s agent' });
    expect((await sendWithKey(server, key.key, 'GET', '/api/v1/projects')).status).toBe(200);
    const left = await fay.auth('post', '/organization/leave', { organizationId: adaOrg });
    expect(left.status).toBe(200);
    expect((await sendWithKey(server, key.key, 'GET', '/api/v1/projects')).status).toBe(401);

    await joinOrganizationOf(ada, fay);
    expect((await sendWithKey(server, key.key, 'GET', '/api/v1/projects')).status).toBe(401);
  });
});

describe('the per-key rate limit', () => {
  it('lets an agent make far more than better-auth’s default 10 requests, then answers 429', async () => {
    const key = await createApiKey(ada, { name: 'Busy agent', agentName: 'backend-dev' });
    for (let request = 1; request <= 15; request++) {
      const answer = await sendWithKey(server, key.key, 'GET', `/api/v1/projects/${swb.id}/tasks`);
      expect(answer.status, `request ${request}`).toBe(200);
    }
    // The limit is a per-key setting (600 a minute by default); lower this key's to reach it quickly.
    await db().update(apikey).set({ rateLimitMax: 20 }).where(eq(apikey.id, key.id));
    for (let request = 16; request <= 20; request++) {
      expect(
        (await sendWithKey(server, key.key, 'GET', '/api/v1/projects')).status,
        `request ${request}`,
      ).toBe(200);
    }
    const limited = await sendWithKey(server, key.key, 'GET', '/api/v1/projects');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(limited.body.error.message).toContain('try again in');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Other keys are not affected.
    const other = await createApiKey(ada, { name: 'Calm agent' });
    expect((await sendWithKey(server, other.key, 'GET', '/api/v1/projects')).status).toBe(200);
  });
});

describe('organization binding', () => {
  it('a key of one organization gets 404 for every id of another', async () => {
    const eve = await signUp(server, 'Eve');
    await createAgentProfile(server, eve, 'eve-bot');
    const far = await createProject(server, eve, 'FAR');
    const farUnit = (await call(eve, 'POST', `/api/v1/projects/${far.id}/work-units`, { title: 'Far unit' }))
      .body;
    const farTask = (
      await call(eve, 'POST', `/api/v1/projects/${far.id}/tasks`, { title: 'Far task', assignee: 'eve-bot' })
    ).body;
    const key = await createApiKey(ada, { name: 'Nosy', agentName: 'backend-dev' });
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/v1/projects/${far.id}`],
      ['PATCH', `/api/v1/projects/${far.id}`, { version: 1, name: 'Mine now' }],
      ['DELETE', `/api/v1/projects/${far.id}?confirm=true`],
      ['GET', `/api/v1/projects/${far.id}/statuses`],
      ['GET', `/api/v1/projects/${far.id}/work-units`],
      ['POST', `/api/v1/projects/${far.id}/work-units`, { title: 'Planted' }],
      ['GET', `/api/v1/projects/${far.id}/tasks`],
      ['POST', `/api/v1/projects/${far.id}/tasks`, { title: 'Planted' }],
      ['GET', `/api/v1/work-units/${farUnit.id}`],
      ['GET', `/api/v1/work-units/${farUnit.slug}`],
      ['PATCH', `/api/v1/work-units/${farUnit.id}`, { version: 1, title: 'Mine' }],
      ['DELETE', `/api/v1/work-units/${farUnit.slug}?confirm=true`],
      ['GET', `/api/v1/tasks/${farTask.id}`],
      ['GET', `/api/v1/tasks/${farTask.key}`],
      ['PATCH', `/api/v1/tasks/${farTask.id}`, { version: 1, title: 'Mine' }],
      ['POST', `/api/v1/tasks/${farTask.key}/move`, { version: 1, statusId: far.done }],
      ['GET', `/api/v1/tasks/${farTask.id}/comments`],
      ['POST', `/api/v1/tasks/${farTask.id}/comments`, { body: 'hello' }],
      ['DELETE', `/api/v1/tasks/${farTask.key}`],
      ['GET', '/api/v1/agents/eve-bot'],
      ['PATCH', '/api/v1/agents/eve-bot', { version: 1, description: 'Mine' }],
      ['DELETE', '/api/v1/agents/eve-bot?confirm=true'],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await sendWithKey(server, key.key, method, path, body);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(404);
    }
    // Lists answer only the key's own organization.
    const projects = await sendWithKey(server, key.key, 'GET', '/api/v1/projects');
    expect(projects.body.items.map((item: Json) => item.key)).not.toContain('FAR');
    const agents = await sendWithKey(server, key.key, 'GET', '/api/v1/agents');
    expect(agents.body.items.map((item: Json) => item.name)).not.toContain('eve-bot');
    // Nothing changed over there.
    expect((await call(eve, 'GET', `/api/v1/tasks/${farTask.id}`)).body.version).toBe(1);
    expect((await call(eve, 'GET', `/api/v1/projects/${far.id}/tasks`)).body.items).toHaveLength(1);
  });

  it("an agent cannot be assigned another organization's agent names", async () => {
    const key = await createApiKey(ada, { name: 'Assigner', agentName: 'backend-dev' });
    const refused = await sendWithKey(server, key.key, 'POST', `/api/v1/projects/${swb.id}/tasks`, {
      title: 'Borrowed agent',
      assignee: 'eve-bot',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
  });
});
