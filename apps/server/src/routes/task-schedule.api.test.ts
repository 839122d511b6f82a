import { describe, expect, it } from 'vitest';
import type { Person } from '../testing/auth-agent';
import { connectAgent } from '../testing/mcp-agent';
import { ROLES, useOrganizationFixture } from '../testing/organization-fixture';
import type { Json } from '../testing/projects';
import { readSse } from '../testing/sse';

// Dialect-sensitive: a due date is a SQL date, which node-postgres and PGlite hand back in their own
// ways; it must come back the same calendar day on both.

const fixture = useOrganizationFixture({ agentKey: true });
const { call } = fixture;

const tasksPath = () => `/api/v1/projects/${fixture.project.id}/tasks`;

async function createTask(person: Person, body: Json): Promise<Json> {
  const created = await call(person, 'POST', tasksPath(), body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

describe('due dates and estimates on tasks', () => {
  it.each(ROLES)('%s sets, changes and clears them, and the activity says so', async (role) => {
    const person = fixture[role];
    const created = await createTask(person, { title: `Ship ${role}`, dueDate: '2026-12-03', estimate: 3 });
    expect(created).toMatchObject({ dueDate: '2026-12-03', estimate: 3 });

    const changed = await call(person, 'PATCH', `/api/v1/tasks/${created.key}`, {
      version: created.version,
      dueDate: '2027-01-15',
      estimate: 8,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ dueDate: '2027-01-15', estimate: 8 });

    const cleared = await call(person, 'PATCH', `/api/v1/tasks/${created.key}`, {
      version: changed.body.version,
      dueDate: null,
      estimate: null,
    });
    expect(cleared.body).toMatchObject({ dueDate: null, estimate: null });

    const read = await call(fixture.owner, 'GET', `/api/v1/tasks/${created.key}`);
    expect(read.body).toMatchObject({ dueDate: null, estimate: null });
    const activity = await call(person, 'GET', `/api/v1/activity?entityId=${created.id}`);
    expect(activity.body.items.map((item: Json) => item.summary)).toEqual([
      `updated ${created.key}: due date cleared (was 15 Jan 2027); estimate cleared (was 8 points)`,
      `updated ${created.key}: due date 3 Dec 2026 → 15 Jan 2027; estimate 3 points → 8 points`,
      `created task ${created.key} Ship ${role}`,
    ]);
  });

  it('refuses a date that is no calendar day and an estimate off the scale, naming the field', async () => {
    const bad = [
      [{ dueDate: '2026-02-30' }, 'dueDate', 'must be a calendar date like 2026-12-03'],
      [{ dueDate: '2026-12-03T10:00:00Z' }, 'dueDate', 'must be a calendar date like 2026-12-03'],
      [{ dueDate: '0000-01-01' }, 'dueDate', 'must be on or after 1900-01-01'],
      [{ estimate: 4 }, 'estimate', 'must be one of 0, 1, 2, 3, 5, 8, 13 points'],
      [{ estimate: '3' }, 'estimate', 'must be one of 0, 1, 2, 3, 5, 8, 13 points'],
    ] as const;
    const task = await createTask(fixture.member, { title: 'Checked' });
    for (const [fields, field, message] of bad) {
      const created = await call(fixture.member, 'POST', tasksPath(), { title: 'Bad', ...fields });
      expect(created.status, JSON.stringify(fields)).toBe(400);
      expect(created.body.error.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(created.body.error), JSON.stringify(fields)).toContain(field);
      expect(JSON.stringify(created.body.error), JSON.stringify(fields)).toContain(message);
      const updated = await call(fixture.member, 'PATCH', `/api/v1/tasks/${task.key}`, {
        version: task.version,
        ...fields,
      });
      expect(updated.status, JSON.stringify(fields)).toBe(400);
    }
    expect((await call(fixture.member, 'GET', `/api/v1/tasks/${task.key}`)).body.version).toBe(task.version);
  });

  it("an outsider can neither read nor set another organization's task's due date", async () => {
    const task = await createTask(fixture.owner, { title: 'Private', dueDate: '2026-12-03' });
    const patched = await call(fixture.outsider, 'PATCH', `/api/v1/tasks/${task.id}`, {
      version: task.version,
      dueDate: '2026-12-04',
    });
    expect(patched.status).toBe(404);
    expect((await call(fixture.outsider, 'GET', `/api/v1/tasks/${task.id}`)).status).toBe(404);
    expect((await call(fixture.owner, 'GET', `/api/v1/tasks/${task.id}`)).body.dueDate).toBe('2026-12-03');
  });

  it('the change reaches open streams with the fields it touched', async () => {
    const task = await createTask(fixture.owner, { title: 'Streamed' });
    const stream = readSse(await fixture.admin.raw('/api/v1/events'));
    await stream.next((message) => message.event === 'ready');
    await call(fixture.owner, 'PATCH', `/api/v1/tasks/${task.key}`, { version: task.version, estimate: 5 });
    const change = await stream.next(
      (message) => message.event === 'change' && JSON.parse(message.data).entityId === task.id,
    );
    expect(JSON.parse(change.data)).toMatchObject({
      action: 'task.updated',
      data: { fields: ['estimate'], task: { estimate: 5, dueDate: null } },
    });
    await stream.close();
  });

  it('agents read them in task answers and set them with create-task and update-task', async () => {
    const agent = await connectAgent(fixture.server.url, fixture.agentKey, {
      query: { project: 'SWB', toolsets: 'all' },
    });
    try {
      const created = await agent.call('create-task', { title: 'By an agent', dueDate: '2026-12-03' });
      expect(created).toMatchObject({ dueDate: '2026-12-03', estimate: null });
      await agent.call('update-task', { task: created.key, estimate: 13, dueDate: null });
      expect(await agent.call('get-task', { task: created.key })).toMatchObject({
        dueDate: null,
        estimate: 13,
      });
      const listed = await agent.call('list-tasks', { search: 'By an agent' });
      expect(listed.items[0]).toMatchObject({ key: created.key, dueDate: null, estimate: 13 });
      const refused = await agent.callRaw('update-task', { task: created.key, dueDate: '3 Dec' });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('must be a calendar date like 2026-12-03');
    } finally {
      await agent.close();
    }
  });
});
