import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentProfile, createApiKey } from '../testing/agents';
import type { Person } from '../testing/auth-agent';
import { connectAgent, type McpAgent } from '../testing/mcp-agent';
import { ROLES, useOrganizationFixture } from '../testing/organization-fixture';
import type { Json, TestProject } from '../testing/projects';

const fixture = useOrganizationFixture();
const { call } = fixture;
let membersAgent: McpAgent;

beforeAll(async () => {
  const { server, owner, member } = fixture;
  await createAgentProfile(server, owner, 'backend-dev');
  await createAgentProfile(server, owner, 'frontend-dev');
  // The member runs backend-dev with a key of their own; nobody runs frontend-dev.
  const key = await createApiKey(member, { name: 'mia builder', agentName: 'backend-dev' });
  membersAgent = await connectAgent(server.url, key.key, {
    clientName: 'mia-agent',
    query: { project: 'SWB', toolsets: 'all' },
  });
});

afterAll(async () => {
  await membersAgent?.close();
});

async function newTask(person: Person, project: TestProject, fields: Record<string, unknown>): Promise<Json> {
  const created = await call(person, 'POST', `/api/v1/projects/${project.id}/tasks`, {
    title: 'Work',
    ...fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function myWorkOf(person: Person): Promise<Json> {
  const answer = await call(person, 'GET', '/api/v1/my-work');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const keysOf = (work: Json, reason?: string) =>
  work.tasks.filter((item: Json) => !reason || item.reason === reason).map((item: Json) => item.task.key);

describe('my work', () => {
  it.each(ROLES)('%s sees the unfinished tasks assigned to them, with project and status', async (role) => {
    const { owner, project: swb, [role]: person } = fixture;
    const open = await newTask(owner, swb, {
      title: `For ${person.user.name}`,
      assigneeUserId: person.user.id,
    });
    const finished = await newTask(owner, swb, {
      title: 'Already done',
      assigneeUserId: person.user.id,
      statusId: swb.done,
    });
    const someoneElses = await newTask(owner, swb, { assigneeUserId: outsiderFree(person).user.id });

    const work = await myWorkOf(person);
    expect(keysOf(work, 'assigned')).toContain(open.key);
    expect(keysOf(work)).not.toContain(finished.key);
    expect(keysOf(work)).not.toContain(someoneElses.key);
    const item = work.tasks.find((entry: Json) => entry.task.key === open.key);
    expect(item).toMatchObject({
      reason: 'assigned',
      project: { id: swb.id, key: 'SWB', name: 'Project SWB' },
      status: { id: swb.todo, category: 'todo' },
      task: { assigneeUser: { id: person.user.id, name: person.user.name } },
    });
  });

  it('lists tasks of the agents my keys ran, and the questions they wait on, only for me', async () => {
    const { owner, admin, member, project: swb } = fixture;
    const agentTask = await newTask(owner, swb, { title: 'Build the API', assignee: 'backend-dev' });
    const idleAgentTask = await newTask(owner, swb, { title: 'Nobody runs this', assignee: 'frontend-dev' });
    await membersAgent.call('claim-task', { task: agentTask.key });
    const asked = await membersAgent.call('request-input', { question: 'REST or GraphQL?' });

    const mine = await myWorkOf(member);
    expect(mine.agents).toEqual(['backend-dev']);
    expect(keysOf(mine, 'agent')).toContain(agentTask.key);
    expect(keysOf(mine)).not.toContain(idleAgentTask.key);
    expect(mine.waiting).toEqual([
      expect.objectContaining({ id: asked.questionId, taskKey: agentTask.key, question: 'REST or GraphQL?' }),
    ]);

    // Another member neither runs the agent nor was asked.
    const others = await myWorkOf(admin);
    expect(others.agents).toEqual([]);
    expect(keysOf(others)).not.toContain(agentTask.key);
    expect(others.waiting).toEqual([]);

    // Once answered, the question no longer waits.
    const answered = await call(member, 'POST', `/api/v1/questions/${asked.questionId}/answer`, {
      answer: 'REST',
    });
    expect(answered.status).toBe(200);
    expect((await myWorkOf(member)).waiting).toEqual([]);
  });

  it('a question on a task assigned to me waits for me even when another member’s agent asked', async () => {
    const { owner, project: swb } = fixture;
    const task = await newTask(owner, swb, { title: 'Pick colours', assigneeUserId: owner.user.id });
    await membersAgent.call('claim-task', { task: task.key });
    const asked = await membersAgent.call('request-input', { question: 'Blue or green?' });
    const work = await myWorkOf(owner);
    expect(work.waiting.map((question: Json) => question.id)).toContain(asked.questionId);
    await call(owner, 'POST', `/api/v1/questions/${asked.questionId}/answer`, { answer: 'Blue' });
  });

  it('an outsider sees only their own organization’s work', async () => {
    const { outsider, outsiderProject } = fixture;
    const theirs = await newTask(outsider, outsiderProject, { assigneeUserId: outsider.user.id });
    const work = await myWorkOf(outsider);
    expect(keysOf(work)).toEqual([theirs.key]);
    expect(work.waiting).toEqual([]);
    expect(work.agents).toEqual([]);
  });

  it('refuses a caller who is not signed in', async () => {
    const anonymous = await fixture.server.fetch('/api/v1/my-work');
    expect(anonymous.status).toBe(401);
  });
});

/** Someone in the organization other than `person`, so "another member's task" is always a real one. */
function outsiderFree(person: Person): Person {
  return person === fixture.admin ? fixture.member : fixture.admin;
}
