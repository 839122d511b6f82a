import { beforeAll, describe, expect, it } from 'vitest';
import { createAgentProfile, createApiKey, sendWithKey } from '../testing/agents';
import type { Person } from '../testing/auth-agent';
import { ROLES, useOrganizationFixture } from '../testing/organization-fixture';
import type { Json } from '../testing/projects';

// Dialect-sensitive: word matching and case folding follow the database's collation, which a cluster may set
// otherwise.

const fixture = useOrganizationFixture();
const { call } = fixture;
let loginTask: Json;
let outsiderTask: Json;

beforeAll(async () => {
  const { server, owner, outsider, project: swb, outsiderProject } = fixture;
  loginTask = (await call(owner, 'POST', `/api/v1/projects/${swb.id}/tasks`, { title: 'Fix the login page' }))
    .body;
  await call(owner, 'POST', `/api/v1/projects/${swb.id}/tasks`, { title: 'Login' });
  await call(owner, 'POST', `/api/v1/projects/${swb.id}/tasks`, { title: 'Page about 100% of logins' });
  await call(owner, 'POST', `/api/v1/projects/${swb.id}/work-units`, { title: 'Login overhaul' });
  await createAgentProfile(server, owner, 'login-bot', { description: 'Keeps sign-in working' });
  outsiderTask = (
    await call(outsider, 'POST', `/api/v1/projects/${outsiderProject.id}/tasks`, { title: 'Login secrets' })
  ).body;
  await createAgentProfile(server, outsider, 'login-spy');
});

const find = (person: Person, query: string) => call(person, 'GET', `/api/v1/search?${query}`);
const labelsOf = (items: Json[]) =>
  items.map((item) => `${item.kind}:${item.key ?? item.slug ?? item.name ?? item.title}`);

describe('search', () => {
  it.each(ROLES)('a %s finds tasks, work units and agents of the organization by words', async (role) => {
    const found = await find(fixture[role], 'q=login');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const tasks = found.body.items.filter((item: Json) => item.kind === 'task');
    // The exact title first, then titles starting with it, then other matches, the newest first.
    expect(tasks.map((item: Json) => item.title)).toEqual([
      'Login',
      'Page about 100% of logins',
      'Fix the login page',
    ]);
    expect(labelsOf(found.body.items)).toEqual(
      expect.arrayContaining(['workUnit:SWB-WU-1', 'agent:login-bot']),
    );
    expect(JSON.stringify(found.body)).not.toContain('login-spy');
    expect(JSON.stringify(found.body)).not.toContain('Login secrets');
  });

  it('matches every word, in any order, and takes LIKE wildcards literally', async () => {
    const { member } = fixture;
    const words = await find(member, 'q=page%20login');
    const titles = words.body.items
      .filter((item: Json) => item.kind === 'task')
      .map((item: Json) => item.title);
    expect(titles.sort()).toEqual(['Fix the login page', 'Page about 100% of logins']);
    const percent = await find(member, `q=${encodeURIComponent('100%')}`);
    expect(labelsOf(percent.body.items)).toEqual([`task:${'SWB-3'}`]);
    const underscore = await find(member, 'q=_');
    expect(underscore.body.items).toEqual([]);
  });

  it('finds projects by name or key and members by name or email', async () => {
    const { member, admin, project: swb } = fixture;
    const projects = await find(member, 'q=swb');
    expect(projects.body.items[0]).toEqual({ kind: 'project', id: swb.id, key: 'SWB', name: 'Project SWB' });
    const people = await find(member, 'q=adam');
    expect(people.body.items).toEqual([
      { kind: 'person', id: admin.user.id, name: 'Adam Admin', email: admin.user.email },
    ]);
    const otto = await find(member, 'q=otto');
    expect(otto.body.items).toEqual([]);
  });

  it('looks a task key or work-unit slug up exactly, in any case', async () => {
    const { member, project: swb } = fixture;
    const byKey = await find(member, `q=${loginTask.key.toLowerCase()}`);
    expect(byKey.body.items).toEqual([
      { kind: 'task', id: loginTask.id, key: loginTask.key, title: 'Fix the login page', projectId: swb.id },
    ]);
    const bySlug = await find(member, 'q=swb-wu-1');
    expect(labelsOf(bySlug.body.items)).toEqual(['workUnit:SWB-WU-1']);
    const missing = await find(member, 'q=SWB-999');
    expect(missing.body.items).toEqual([]);
  });

  it('an outsider finds nothing of another organization, not even by key', async () => {
    const { owner, outsider } = fixture;
    const byKey = await find(outsider, `q=${loginTask.key}`);
    expect(byKey.status).toBe(200);
    expect(byKey.body.items).toEqual([]);
    const byWords = await find(outsider, 'q=login');
    expect(labelsOf(byWords.body.items).sort()).toEqual(['agent:login-spy', `task:${outsiderTask.key}`]);
    const ownerByKey = await find(owner, `q=${outsiderTask.key}`);
    expect(ownerByKey.body.items).toEqual([]);
  });

  it('gives at most `limit` results of each kind', async () => {
    const { member } = fixture;
    const found = await find(member, 'q=login&limit=1');
    const kinds = found.body.items.map((item: Json) => item.kind);
    expect(kinds.filter((kind: string) => kind === 'task')).toHaveLength(1);
    expect(found.body.items[kinds.indexOf('task')].title).toBe('Login');
  });

  it('an agent key searches too', async () => {
    const { server, owner } = fixture;
    const key = (await createApiKey(owner, { name: 'searcher', agentName: 'login-bot' })).key;
    const found = await sendWithKey(server, key, 'GET', `/api/v1/search?q=${loginTask.key}`);
    expect(found.status).toBe(200);
    expect(found.body.items).toHaveLength(1);
  });

  it('refuses a missing or blank query and a limit out of range with field errors', async () => {
    const { member } = fixture;
    for (const query of ['', 'q=%20%20', 'q=login&limit=0', 'q=login&limit=21', `q=${'a'.repeat(201)}`]) {
      const bad = await find(member, query);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.code).toBe('VALIDATION_FAILED');
      expect(bad.body.error.details.length, query).toBeGreaterThan(0);
    }
    const badLimit = await find(member, 'q=login&limit=0');
    expect(badLimit.body.error.details.map((issue: { path: string[] }) => issue.path[0])).toEqual(['limit']);
  });

  it('needs a signed-in caller', async () => {
    const anonymous = await fixture.server.fetch('/api/v1/search?q=login');
    expect(anonymous.status).toBe(401);
  });
});
