import { beforeAll, describe, expect, it } from 'vitest';
import { type McpAgent, textOf } from '../testing/mcp-agent';
import { type Workspace, workspace } from '../testing/mcp-fixtures';
import { useMcpWorkspace } from '../testing/mcp-workspace';
import type { Json } from '../testing/projects';

const space = useMcpWorkspace({ agents: ['backend-dev'] });
const { call, rest } = space;
let outsider: Workspace;
let agent: McpAgent;

beforeAll(async () => {
  outsider = await workspace(space.server, 'Mallory', 'OUT', ['spy']);
  agent = await space.connect('backend-dev', { clientName: 'asker', query: { project: 'SWB' } });
});

const newTask = (title: string) => rest('POST', `/api/v1/projects/${space.project.id}/tasks`, { title });

const mySession = async (): Promise<Json> =>
  (await rest('GET', '/api/v1/agent-sessions')).items.find((item: Json) => item.client?.name === 'asker');

describe('questions', () => {
  it('request-input needs a task when the session holds none', async () => {
    const result = await agent.callRaw('request-input', { question: 'Anyone there?' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^VALIDATION_FAILED: task: name the task/);
    expect((await mySession()).status).not.toBe('awaiting_input');
  });

  it('a person answers through REST; get-input returns early with it and the session is active again', async () => {
    const task = await newTask('Pick a database');
    await agent.call('claim-task', { task: task.key });
    const asked = await agent.call('request-input', { question: 'PostgreSQL or SQLite?' });
    expect(asked).toEqual({ questionId: expect.any(String), task: task.key, status: 'awaiting_input' });
    expect(await mySession()).toMatchObject({ status: 'awaiting_input', question: 'PostgreSQL or SQLite?' });

    const open = await rest('GET', '/api/v1/questions?open=true');
    expect(open.items).toEqual([
      expect.objectContaining({
        id: asked.questionId,
        taskKey: task.key,
        agentName: 'backend-dev',
        question: 'PostgreSQL or SQLite?',
        answer: null,
      }),
    ]);
    // Not answered yet: a wait of 0 answers at once; reading leaves the session waiting.
    expect(await agent.call('get-input', { wait: 0 })).toEqual({
      answered: false,
      question: 'PostgreSQL or SQLite?',
      task: task.key,
    });
    expect((await mySession()).status).toBe('awaiting_input');

    const started = Date.now();
    const waiting = agent.call('get-input', { task: task.key, wait: 60 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answered = await rest('POST', `/api/v1/questions/${asked.questionId}/answer`, {
      answer: 'PostgreSQL, please',
    });
    expect(answered).toMatchObject({
      answer: 'PostgreSQL, please',
      answeredBy: { name: expect.any(String) },
    });
    const input = await waiting;
    // Woken by the answer, not by the end of the wait: half the limit leaves room for a busy machine.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(input).toEqual({
      answered: true,
      answer: 'PostgreSQL, please',
      answeredBy: answered.answeredBy.name,
      question: 'PostgreSQL or SQLite?',
      task: task.key,
    });
    expect(await mySession()).toMatchObject({ status: 'active', question: null });

    // The answer is on the task's thread, as the person's comment, and the change was announced.
    const thread = (await rest('GET', `/api/v1/tasks/${task.id}/comments`)).items;
    expect(thread.map((comment: Json) => [comment.author.type, comment.body])).toEqual([
      ['agent', 'PostgreSQL or SQLite?'],
      ['user', 'PostgreSQL, please'],
    ]);
    const log = await rest('GET', `/api/v1/activity?entityId=${asked.questionId}`);
    expect(log.items.map((item: Json) => item.action)).toEqual(['question.answered', 'question.asked']);

    // The first answer stands.
    const again = await call(space.person, 'POST', `/api/v1/questions/${asked.questionId}/answer`, {
      answer: 'SQLite after all',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    expect((await rest('GET', '/api/v1/questions?open=true')).items).toEqual([]);
  });

  it('an outsider cannot see or answer the question (404), nor can anyone answer one that does not exist', async () => {
    const task = await newTask('Secret plans');
    const asked = await agent.call('request-input', { task: task.key, question: 'Ship on Friday?' });
    const theirs = await call(outsider.person, 'POST', `/api/v1/questions/${asked.questionId}/answer`, {
      answer: 'Never',
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('NOT_FOUND');
    expect((await call(outsider.person, 'GET', '/api/v1/questions')).body.items).toEqual([]);
    const missing = await call(space.person, 'POST', '/api/v1/questions/no-such-question/answer', {
      answer: 'Hm',
    });
    expect(missing.status).toBe(404);
    const empty = await call(space.person, 'POST', `/api/v1/questions/${asked.questionId}/answer`, {
      answer: '  ',
    });
    expect(empty.status).toBe(400);
    const [open] = (await rest('GET', `/api/v1/questions?task=${task.key}`)).items;
    expect(open).toMatchObject({ id: asked.questionId, answer: null });
  });

  it('a question whose session ended unanswered is shown as orphaned; answering it still reaches the task', async () => {
    const leaving = await space.connect('backend-dev', { clientName: 'leaver', query: { project: 'SWB' } });
    const task = await newTask('Name the queue');
    const asked = await leaving.call('request-input', { task: task.key, question: 'jobs or tasks?' });
    const before = (await rest('GET', `/api/v1/questions?task=${task.key}`)).items[0];
    expect(before).toMatchObject({ id: asked.questionId, answer: null, orphaned: false });

    await leaving.close();
    const after = (await rest('GET', `/api/v1/questions?task=${task.key}`)).items[0];
    expect(after).toMatchObject({ id: asked.questionId, answer: null, orphaned: true });

    const answered = await rest('POST', `/api/v1/questions/${asked.questionId}/answer`, { answer: 'jobs' });
    expect(answered).toMatchObject({ answer: 'jobs', orphaned: false });
    const thread = (await rest('GET', `/api/v1/tasks/${task.id}/comments`)).items;
    expect(thread.map((comment: Json) => comment.body)).toEqual(['jobs or tasks?', 'jobs']);
  });
});
