import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { task } from '../db/schema';
import { latestPosition } from '../domain/activity';
import { type Person, signUp } from '../testing/auth-agent';
import type { McpAgent } from '../testing/mcp-agent';
import { useMcpWorkspace } from '../testing/mcp-workspace';
import { createProject, type Json, joinOrganizationOf } from '../testing/projects';

// Dialect-sensitive: a read racing a write must never answer the older list, and only PostgreSQL runs them at
// once.

// The task list is served from memory between writes: these tests hold it to the same answers a fresh
// read would give, under concurrent writers, expiring leases, other organizations and conditional GETs.

const space = useMcpWorkspace({ agents: ['backend-dev'] });
const { call } = space;
let member: Person;
let outsider: Person;
let agent: McpAgent;

beforeAll(async () => {
  member = await signUp(space.server, 'Grace');
  await joinOrganizationOf(space.person, member);
  outsider = await signUp(space.server, 'Mallory');
  await createProject(space.server, outsider, 'OUT');
  agent = await space.connect('backend-dev', { query: { project: 'SWB' } });
});

const listPath = (query = '') => `/api/v1/projects/${space.project.id}/tasks${query}`;

async function create(title: string, person = space.person): Promise<Json> {
  const created = await call(person, 'POST', `/api/v1/projects/${space.project.id}/tasks`, { title });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function keysListed(person = space.person, query = '?limit=500'): Promise<string[]> {
  const listed = await call(person, 'GET', listPath(query));
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.items.map((item: { key: string }) => item.key);
}

describe('the cached task list', () => {
  it('answers an entity tag, 304 while nothing changed, and the new list after a write', async () => {
    await create('First');
    const first = await space.person.raw(listPath());
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('content-type')).toContain('application/json');

    const unchanged = await space.person.raw(listPath(), { headers: { 'if-none-match': etag ?? '' } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    const added = await create('Second');
    const changed = await space.person.raw(listPath(), { headers: { 'if-none-match': etag ?? '' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const keys = ((await changed.json()) as Json).items.map((item: { key: string }) => item.key);
    expect(keys).toContain(added.key);
  });

  it('never answers a list older than a write that finished before the read began', async () => {
    const finished = new Set<string>();
    let writing = true;
    const writer = async (writerIndex: number) => {
      for (let round = 0; round < 6; round += 1) {
        finished.add((await create(`Writer ${writerIndex} round ${round}`)).key);
      }
    };
    const reader = async () => {
      let reads = 0;
      while (writing || reads === 0) {
        const expected = [...finished];
        const listed = new Set(await keysListed());
        for (const key of expected) expect(listed.has(key), `${key} missing from a later read`).toBe(true);
        reads += 1;
      }
      return reads;
    };
    const readers = [reader(), reader(), reader()];
    await Promise.all([0, 1, 2, 3].map(writer));
    writing = false;
    const reads = await Promise.all(readers);
    expect(reads.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(3);
    const final = new Set(await keysListed());
    for (const key of finished) expect(final.has(key)).toBe(true);
  });

  it('shows a claim as gone once its lease runs out, with no write in between', async () => {
    const created = await create('Claimed for a moment');
    await agent.call('claim-task', { task: created.key });
    // The lease is cut short in the database directly: no activity, so the position stays where it is.
    await space
      .db()
      .update(task)
      .set({ claimExpiresAt: sql`now() + interval '1500 milliseconds'` })
      .where(eq(task.id, created.id));
    const organizationId = space.organizationId;
    const before = await latestPosition(space.db(), organizationId);
    const claimOf = async () =>
      (await call(space.person, 'GET', listPath('?limit=500'))).body.items.find(
        (item: { id: string }) => item.id === created.id,
      ).claim;
    expect(await claimOf()).toMatchObject({ by: expect.any(String) });
    expect(await claimOf()).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(await claimOf()).toBeNull();
    expect(await latestPosition(space.db(), organizationId)).toBe(before);
  });

  it('keeps filters apart and answers every member the same list', async () => {
    const all = await keysListed();
    const todo = await keysListed(space.person, `?limit=500&statusId=${space.project.inProgress}`);
    expect(todo).toEqual([]);
    expect(await keysListed(member)).toEqual(all);
    expect(await keysListed(space.person, '?limit=1')).toEqual(all.slice(0, 1));
  });

  it('does not serve a cached list to another organization', async () => {
    await keysListed();
    const foreign = await call(outsider, 'GET', listPath());
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('PROJECT_NOT_FOUND');
  });
});
