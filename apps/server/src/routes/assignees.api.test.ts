import { describe, expect, it } from 'vitest';
import { sendWithKey } from '../testing/agents';
import { type Person, signUp } from '../testing/auth-agent';
import { connectAgent, type McpAgent, textOf } from '../testing/mcp-agent';
import { ROLES, useOrganizationFixture } from '../testing/organization-fixture';
import { type Json, joinOrganizationOf } from '../testing/projects';

const fixture = useOrganizationFixture({ agentKey: true });
const { call } = fixture;

async function newTask(person: Person, fields: Record<string, unknown> = {}): Promise<Json> {
  const created = await call(person, 'POST', `/api/v1/projects/${fixture.project.id}/tasks`, {
    title: 'Work',
    ...fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const personOf = (person: Person) => ({ id: person.user.id, name: person.user.name, image: null });

describe('people as assignees', () => {
  it.each(ROLES)('%s assigns a task to a member, and the answers name that person', async (role) => {
    const { member, project: swb, [role]: person } = fixture;
    const task = await newTask(person);
    expect(task).toMatchObject({ assignee: null, assigneeUser: null, createdById: person.user.id });

    const updated = await call(person, 'PATCH', `/api/v1/tasks/${task.key}`, {
      version: task.version,
      assigneeUserId: member.user.id,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ assignee: null, assigneeUser: personOf(member) });

    const read = await call(person, 'GET', `/api/v1/tasks/${task.key}`);
    expect(read.body.assigneeUser).toEqual(personOf(member));
    const listed = await call(
      person,
      'GET',
      `/api/v1/projects/${swb.id}/tasks?assigneeUserId=${member.user.id}`,
    );
    expect(listed.body.items.map((item: Json) => item.key)).toContain(task.key);
    expect(listed.body.items.every((item: Json) => item.assigneeUser?.id === member.user.id)).toBe(true);
  });

  it('creates a task assigned to a person, and the change is recorded in words', async () => {
    const { owner, admin, member, project: swb } = fixture;
    const task = await newTask(owner, { assigneeUserId: admin.user.id });
    expect(task.assigneeUser).toEqual(personOf(admin));
    const updated = await call(owner, 'PATCH', `/api/v1/tasks/${task.key}`, {
      version: task.version,
      assigneeUserId: member.user.id,
    });
    expect(updated.status).toBe(200);
    const feed = await call(owner, 'GET', `/api/v1/activity?projectId=${swb.id}`);
    const summaries = feed.body.items.map((item: Json) => item.summary);
    expect(summaries).toContain(`updated ${task.key}: assignee Adam Admin → Mia Member`);
    const event = feed.body.items.find(
      (item: Json) => item.entityId === task.id && item.action === 'task.updated',
    );
    expect(event.data.task.assigneeUser).toEqual(personOf(member));
  });

  it('setting one kind of assignee clears the other; both at once is refused', async () => {
    const { owner } = fixture;
    const task = await newTask(owner, { assignee: 'backend-dev' });
    expect(task).toMatchObject({ assignee: 'backend-dev', assigneeUser: null });

    const toPerson = await call(owner, 'PATCH', `/api/v1/tasks/${task.key}`, {
      version: task.version,
      assigneeUserId: owner.user.id,
    });
    expect(toPerson.body).toMatchObject({ assignee: null, assigneeUser: personOf(owner) });

    const toAgent = await call(owner, 'PATCH', `/api/v1/tasks/${task.key}`, {
      version: toPerson.body.version,
      assignee: 'backend-dev',
    });
    expect(toAgent.body).toMatchObject({ assignee: 'backend-dev', assigneeUser: null });

    const both = await call(owner, 'PATCH', `/api/v1/tasks/${task.key}`, {
      version: toAgent.body.version,
      assignee: 'backend-dev',
      assigneeUserId: owner.user.id,
    });
    expect(both.status).toBe(400);
    expect(both.body.error.details).toEqual([expect.objectContaining({ path: ['assigneeUserId'] })]);

    const unassigned = await call(owner, 'PATCH', `/api/v1/tasks/${task.key}`, {
      version: toAgent.body.version,
      assignee: null,
    });
    expect(unassigned.body).toMatchObject({ assignee: null, assigneeUser: null });
  });

  it('refuses a person outside the organization or an unknown id with a field error', async () => {
    const { owner, outsider, project: swb } = fixture;
    const task = await newTask(owner);
    for (const id of [outsider.user.id, 'no-such-user']) {
      const refused = await call(owner, 'PATCH', `/api/v1/tasks/${task.key}`, {
        version: task.version,
        assigneeUserId: id,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: ['assigneeUserId'], message: 'is not a member of this organization' }],
      });
    }
    const created = await call(owner, 'POST', `/api/v1/projects/${swb.id}/tasks`, {
      title: 'Nope',
      assigneeUserId: outsider.user.id,
    });
    expect(created.status).toBe(400);
    const badType = await call(owner, 'PATCH', `/api/v1/tasks/${task.key}`, {
      version: 1,
      assigneeUserId: 7,
    });
    expect(badType.status).toBe(400);
    expect(badType.body.error.details[0].path).toEqual(['assigneeUserId']);
  });

  it('an outsider cannot see or assign another organization’s task, nor assign their own to its members', async () => {
    const { owner, outsider, project: swb, outsiderProject } = fixture;
    const task = await newTask(owner);
    const patched = await call(outsider, 'PATCH', `/api/v1/tasks/${task.id}`, {
      version: task.version,
      assigneeUserId: outsider.user.id,
    });
    expect(patched.status).toBe(404);
    const own = await call(outsider, 'POST', `/api/v1/projects/${outsiderProject.id}/tasks`, {
      title: 'Mine',
      assigneeUserId: owner.user.id,
    });
    expect(own.status).toBe(400);
    const listed = await call(outsider, 'GET', `/api/v1/projects/${swb.id}/tasks?assigneeUserId=me`);
    expect(listed.status).toBe(404);
  });

  it('filters by me: each caller gets their own tasks, never another’s cached answer', async () => {
    const { admin, member, project: swb } = fixture;
    const mine = await newTask(admin, { assigneeUserId: admin.user.id });
    const theirs = await newTask(member, { assigneeUserId: member.user.id });
    const path = `/api/v1/projects/${swb.id}/tasks?assigneeUserId=me`;
    const forAdmin = await call(admin, 'GET', path);
    const forMember = await call(member, 'GET', path);
    const keysOf = (reply: Json) => reply.body.items.map((item: Json) => item.key);
    expect(keysOf(forAdmin)).toContain(mine.key);
    expect(keysOf(forAdmin)).not.toContain(theirs.key);
    expect(keysOf(forMember)).toContain(theirs.key);
    expect(keysOf(forMember)).not.toContain(mine.key);
    // The agent filter keeps meaning an agent name.
    const byAgent = await call(admin, 'GET', `/api/v1/projects/${swb.id}/tasks?assignee=BACKEND-DEV`);
    expect(byAgent.body.items.every((item: Json) => item.assignee === 'backend-dev')).toBe(true);
  });

  it('a task an agent creates has no creator person; one a person creates names them', async () => {
    const { server, agentKey, project: swb } = fixture;
    const byAgent = await sendWithKey(server, agentKey, 'POST', `/api/v1/projects/${swb.id}/tasks`, {
      title: 'From the agent',
    });
    expect(byAgent.status).toBe(201);
    expect(byAgent.body.createdById).toBeNull();
  });

  it('an agent hands a task to a person by e-mail over MCP, and lists that person’s tasks', async () => {
    const { server, agentKey, owner, admin, member, outsider } = fixture;
    const agent: McpAgent = await connectAgent(server.url, agentKey, {
      query: { project: 'SWB', toolsets: 'all' },
    });
    try {
      const task = await newTask(owner);
      await agent.call('update-task', { task: task.key, assigneeUser: member.user.email.toUpperCase() });
      const read = await agent.call('get-task', { task: task.key });
      expect(read).toMatchObject({ assignee: null, assigneeUser: 'Mia Member' });
      const listed = await agent.call('list-tasks', { assigneeUser: member.user.email, limit: 100 });
      expect(listed.items.map((item: Json) => item.key)).toContain(task.key);
      // "me" is the person the agent works for: the key's maker.
      const owners = await newTask(owner, { assigneeUserId: owner.user.id });
      const mine = await agent.call('list-tasks', { assigneeUser: 'me', limit: 100 });
      expect(mine.items.map((item: Json) => item.key)).toContain(owners.key);
      expect(mine.items.every((item: Json) => item.assigneeUser === 'Olive Owner')).toBe(true);

      const refused = await agent.callRaw('update-task', {
        task: task.key,
        assigneeUser: outsider.user.email,
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('is not a member of this organization');
      const created = await agent.call('create-task', { title: 'For Adam', assigneeUser: admin.user.email });
      expect((await call(owner, 'GET', `/api/v1/tasks/${created.key}`)).body.assigneeUser).toEqual(
        personOf(admin),
      );
    } finally {
      await agent.close();
    }
  });

  it('a member who leaves the organization stops being anyone’s assignee', async () => {
    const { server, owner, project: swb } = fixture;
    const leaver = await signUp(server, 'Lee Leaver');
    const organizationId = await joinOrganizationOf(owner, leaver, 'member');
    const task = await newTask(owner, { assigneeUserId: leaver.user.id });
    const listPath = `/api/v1/projects/${swb.id}/tasks?assigneeUserId=${leaver.user.id}`;
    expect((await call(owner, 'GET', listPath)).body.items).toHaveLength(1);
    const removed = await owner.auth('post', '/organization/remove-member', {
      memberIdOrEmail: leaver.user.email,
      organizationId,
    });
    expect(removed.status).toBe(200);
    // Answers never name them, even before the unassignment that follows the departure lands.
    expect((await call(owner, 'GET', `/api/v1/tasks/${task.key}`)).body.assigneeUser).toBeNull();
    await expect
      .poll(async () => (await call(owner, 'GET', listPath)).body.items.length, { timeout: 30_000 })
      .toBe(0);
    const after = await call(owner, 'GET', `/api/v1/tasks/${task.key}`);
    expect(after.body).toMatchObject({ assigneeUser: null, assignee: null, version: task.version + 1 });
  });
});
