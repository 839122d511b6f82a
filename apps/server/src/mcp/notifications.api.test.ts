import { beforeAll, describe, expect, it } from 'vitest';
import { type Person, signUp } from '../testing/auth-agent';
import { connectAgent, type McpAgent } from '../testing/mcp-agent';
import { keyOf } from '../testing/mcp-fixtures';
import { useMcpWorkspace } from '../testing/mcp-workspace';
import { type Json, joinOrganizationOf } from '../testing/projects';

const space = useMcpWorkspace({ agents: ['backend-dev'] });
const { call } = space;
let teammate: Person;
let agent: McpAgent;

beforeAll(async () => {
  teammate = await signUp(space.server, 'Grace Hopper');
  await joinOrganizationOf(space.person, teammate, 'member');
  agent = await space.connect('backend-dev', { clientName: 'notifier', query: { project: 'SWB' } });
});

const inboxOf = async (person: Person): Promise<Json[]> => {
  const answer = await call(person, 'GET', '/api/v1/notifications');
  expect(answer.status).toBe(200);
  return answer.body.items;
};

const newTask = async (title: string): Promise<Json> =>
  (await call(space.person, 'POST', `/api/v1/projects/${space.project.id}/tasks`, { title })).body;

describe('notifications from agents', () => {
  it('an agent comment that mentions a person notifies them', async () => {
    const task = await newTask('Ship it');
    const handle = teammate.user.email.split('@')[0];
    const receipt = await agent.call('create-task-comment', {
      task: task.key,
      body: `@${handle} the migration is ready for review`,
    });
    const entries = (await inboxOf(teammate)).filter((entry) => entry.commentId === receipt.id);
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'mentioned',
        actor: { type: 'agent', name: 'backend-dev' },
        taskKey: task.key,
        summary: `@${handle} the migration is ready for review`,
      }),
    ]);
  });

  it("an agent's request-input notifies the person who owns its key, with the open question", async () => {
    const task = await newTask('Pick a queue');
    await agent.call('claim-task', { task: task.key });
    const asked = await agent.call('request-input', { question: 'Redis or PostgreSQL?' });
    const [entry] = (await inboxOf(space.person)).filter((item) => item.questionId === asked.questionId);
    expect(entry).toMatchObject({
      kind: 'input_requested',
      actor: { type: 'agent', name: 'backend-dev' },
      summary: 'Redis or PostgreSQL?',
      taskKey: task.key,
      questionOpen: true,
    });
    // Someone else in the organization is not the key's owner and hears nothing of it.
    expect((await inboxOf(teammate)).some((item) => item.questionId === asked.questionId)).toBe(false);

    const answered = await call(space.person, 'POST', `/api/v1/questions/${asked.questionId}/answer`, {
      answer: 'PostgreSQL',
    });
    expect(answered.status).toBe(200);
    const [after] = (await inboxOf(space.person)).filter((item) => item.questionId === asked.questionId);
    expect(after?.questionOpen).toBe(false);
  });

  it('request-input also tells the task’s assignee and its creator, each once', async () => {
    const created = await call(teammate, 'POST', `/api/v1/projects/${space.project.id}/tasks`, {
      title: 'Teammate’s task',
    });
    expect(created.status).toBe(201);
    const task = created.body;
    const assigned = await call(space.person, 'PATCH', `/api/v1/tasks/${task.key}`, {
      assigneeUserId: teammate.user.id,
      version: task.version,
    });
    expect(assigned.status).toBe(200);
    const other = await connectAgent(space.server.url, keyOf(space, 'backend-dev'), {
      clientName: 'second-asker',
      query: { project: 'SWB' },
    });
    try {
      await other.call('claim-task', { task: task.key });
      const asked = await other.call('request-input', { question: 'Which region?' });
      const about = async (person: Person) =>
        (await inboxOf(person)).filter((item) => item.questionId === asked.questionId);
      expect(await about(teammate)).toHaveLength(1);
      expect(await about(space.person)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
