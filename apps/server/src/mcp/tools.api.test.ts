import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverForFile, type TestServer } from '../testing/harness';
import { connectAgent, type McpAgent, ToolError, textOf } from '../testing/mcp-agent';
import { keyOf, type Workspace, workspace } from '../testing/mcp-fixtures';
import { caller, type Json } from '../testing/projects';

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;
let space: Workspace;
let agent: McpAgent;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ server, release: releaseServer } = await serverForFile());
  call = caller(server);
  space = await workspace(server, 'Ada', 'SWB', ['backend-dev', 'frontend-dev']);
  agent = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
    query: { project: 'SWB', toolsets: 'all' },
  });
});

afterAll(async () => {
  await agent?.close();
  await releaseServer?.();
});

async function toolError(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await agent.callRaw(name, args);
  expect(result.isError, textOf(result)).toBe(true);
  return textOf(result);
}

const rest = async (method: string, path: string, body?: unknown): Promise<Json> => {
  const answer = await call(space.person, method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body;
};

describe('tasks', () => {
  it('creates with status and assignee by name; the activity shows the agent', async () => {
    const created = await agent.call('create-task', {
      title: 'Parse the config',
      status: 'In Progress',
      assignee: 'frontend-dev',
      acceptanceCriteria: [{ text: 'parses YAML' }, { text: 'rejects bad keys' }],
      priority: 'high',
    });
    expect(created).toMatchObject({
      key: expect.stringMatching(/^SWB-\d+$/),
      assignee: 'frontend-dev',
      status: 'In Progress',
      priority: 'high',
    });
    const log = await rest('GET', `/api/v1/activity?entityId=${created.id}`);
    expect(log.items[0]).toMatchObject({
      action: 'task.created',
      actor: { type: 'agent', name: 'backend-dev' },
    });
  });

  it('refuses unknown statuses, assignees and fields as tool errors naming the choices', async () => {
    // In a session bound to a project the status is an enum of its names.
    expect(await toolError('create-task', { title: 'x', status: 'Doing' })).toMatch(
      /"Todo"\|"In Progress"\|"Review"\|"Done"/,
    );
    expect(await toolError('create-task', { title: 'x', assignee: 'nobody' })).toContain('backend-dev');
    expect(await toolError('create-task', { title: 'x', colour: 'red' })).toMatch(/colour/);
    expect(await toolError('create-task', { title: '' })).toMatch(/title/);
    expect(await toolError('get-task', { task: 'SWB-9999' })).toBe(
      'TASK_NOT_FOUND: There is no task SWB-9999 in this organization.',
    );
  });

  it('lists 10 at a time by default, filters by status name, pages by offset and cursor', async () => {
    const project = await rest('POST', '/api/v1/projects', { name: 'Paging', key: 'PAGE' });
    for (let index = 0; index < 13; index++) {
      await agent.call('create-task', {
        project: 'PAGE',
        title: `Task ${index}`,
        status: index < 12 ? 'Todo' : 'Review',
      });
    }
    const first = await agent.call('list-tasks', { project: 'PAGE' });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ key: 'PAGE-1', status: 'Todo' });
    expect(first.items[0]).not.toHaveProperty('description');
    const byOffset = await agent.call('list-tasks', { project: project.id, offset: 10 });
    expect(byOffset.items.map((item: Json) => item.key)).toEqual(['PAGE-11', 'PAGE-12', 'PAGE-13']);
    const byCursor = await agent.call('list-tasks', { project: 'page', cursor: first.nextCursor });
    expect(byCursor.items).toEqual(byOffset.items);
    const review = await agent.call('list-tasks', { project: 'PAGE', status: 'Review' });
    expect(review.items.map((item: Json) => item.key)).toEqual(['PAGE-13']);
    expect(await toolError('list-tasks', { project: 'PAGE', offset: 1, cursor: first.nextCursor })).toMatch(
      /offset or cursor/,
    );
  });

  it('update-task ticks criteria by position or text and merges devInfo; versions are optional', async () => {
    const created = await agent.call('create-task', {
      title: 'Criteria',
      acceptanceCriteria: [{ text: 'unit tests pass' }, { text: 'docs updated' }],
      devInfo: { executionPlan: 'write it' },
    });
    const receipt = await agent.call('update-task', {
      task: created.key,
      check: [0, 'docs'],
      devInfo: { testResults: '12 passed' },
    });
    expect(receipt).toEqual({
      key: created.key,
      status: 'Todo',
      version: created.version + 1,
      claimedBy: null,
    });
    const checked = await agent.call('get-task', { task: created.key });
    expect(checked.acceptanceCriteria).toEqual([
      { text: 'unit tests pass', checked: true },
      { text: 'docs updated', checked: true },
    ]);
    expect(checked.devInfo).toEqual({ executionPlan: 'write it', testResults: '12 passed' });
    expect(checked.version).toBe(created.version + 1);
    await agent.call('update-task', { task: created.id, uncheck: [1], devInfo: { executionPlan: null } });
    const unchecked = await agent.call('get-task', { task: created.id });
    expect(unchecked.acceptanceCriteria[1].checked).toBe(false);
    expect(unchecked.devInfo).toEqual({ testResults: '12 passed' });
    expect(await toolError('update-task', { task: created.id, check: ['nothing like it'] })).toMatch(
      /No single acceptance criterion matches "nothing like it". The criteria are: 0: unit tests pass; 1: docs updated/,
    );
    // A version that was read and is now stale is still refused.
    expect(
      await toolError('update-task', { task: created.id, version: created.version, title: 'late' }),
    ).toMatch(/^VERSION_CONFLICT/);
  });

  it('move-task takes a status name and position; reorder-tasks orders a column', async () => {
    const [a, b, c] = [
      await agent.call('create-task', { project: 'PAGE', title: 'A', status: 'Review' }),
      await agent.call('create-task', { project: 'PAGE', title: 'B', status: 'Review' }),
      await agent.call('create-task', { project: 'PAGE', title: 'C' }),
    ];
    const moved = await agent.call('move-task', { task: c.key, status: 'Review', position: 0 });
    expect(moved.status).toBe('Review');
    const reordered = await agent.call('reorder-tasks', {
      project: 'PAGE',
      status: 'Review',
      tasks: [b.key, a.key],
    });
    expect(reordered.items.map((item: Json) => item.title)).toEqual(['B', 'A', 'C', 'Task 12']);
    const column = await agent.call('list-tasks', { project: 'PAGE', status: 'Review' });
    expect(column.items.map((item: Json) => item.title)).toEqual(['B', 'A', 'C', 'Task 12']);
    expect(
      await toolError('reorder-tasks', { project: 'PAGE', status: 'Review', tasks: [a.key, a.key] }),
    ).toMatch(/listed twice/);
    expect(await toolError('reorder-tasks', { project: 'SWB', status: 'Review', tasks: [a.key] })).toMatch(
      /^TASK_NOT_FOUND/,
    );
    const log = await rest('GET', `/api/v1/activity?entityId=${b.id}`);
    expect(log.items[0]).toMatchObject({ action: 'task.moved', actor: { name: 'backend-dev' } });
  });

  it('delete-task deletes', async () => {
    const created = await agent.call('create-task', { title: 'Doomed' });
    expect(await agent.call('delete-task', { task: created.key })).toMatchObject({
      deleted: { key: created.key },
    });
    expect((await call(space.person, 'GET', `/api/v1/tasks/${created.id}`)).status).toBe(404);
  });
});

describe('work units and comments', () => {
  it('creates, gets by slug with tasks, updates and deletes with confirmation', async () => {
    const unit = await agent.call('create-work-unit', { title: 'Importer', type: 'epic' });
    expect(unit).toMatchObject({
      slug: expect.stringMatching(/^SWB-WU-\d+$/),
      type: 'epic',
      status: 'planning',
    });
    await agent.call('create-task', { title: 'Import CSV', workUnit: unit.slug });
    const detail = await agent.call('get-work-unit', { workUnit: unit.slug.toLowerCase() });
    expect(detail.tasks).toHaveLength(1);
    expect(detail.tasks[0]).toMatchObject({ title: 'Import CSV', status: 'Todo' });
    const listed = await agent.call('list-work-units', {});
    expect(listed.items.map((item: Json) => item.slug)).toContain(unit.slug);
    const updated = await agent.call('update-work-unit', { workUnit: unit.id, status: 'in_progress' });
    expect(updated).toMatchObject({ status: 'in_progress', version: unit.version + 1 });
    expect(await toolError('update-work-unit', { workUnit: unit.id, status: 'completed' })).toMatch(
      /Import CSV/,
    );
    expect(await toolError('delete-work-unit', { workUnit: unit.slug })).toMatch(/^CONFIRMATION_REQUIRED/);
    expect(await agent.call('delete-work-unit', { workUnit: unit.slug, confirm: true })).toMatchObject({
      deleted: { slug: unit.slug, detachedTasks: 1 },
    });
  });

  it('comments as the agent and lists comments', async () => {
    const task = await agent.call('create-task', { title: 'Discuss' });
    const comment = await agent.call('create-task-comment', { task: task.key, body: 'Starting **now**' });
    const [stored] = (await rest('GET', `/api/v1/tasks/${task.id}/comments`)).items;
    expect(stored).toMatchObject({ id: comment.id, author: { type: 'agent', name: 'backend-dev' } });
    await rest('POST', `/api/v1/tasks/${task.id}/comments`, { body: 'Thanks' });
    const listed = await agent.call('list-task-comments', { task: task.id });
    expect(listed.items.map((item: Json) => item.body)).toEqual(['Starting **now**', 'Thanks']);
    expect((await agent.call('list-task-comments', { task: task.id, limit: 1 })).items).toHaveLength(1);
  });
});

describe('agent tools', () => {
  it('report-usage adds up and announces task.updated', async () => {
    const task = await agent.call('create-task', { title: 'Costly' });
    await agent.call('report-usage', {
      task: task.key,
      inputTokens: 1200,
      outputTokens: 300,
      costUsd: 0.25,
    });
    const second = await agent.call('report-usage', { task: task.key, inputTokens: 800, costUsd: 0.5 });
    expect(second.usage).toEqual({ inputTokens: 2000, outputTokens: 300, costUsd: 0.75 });
    const read = await rest('GET', `/api/v1/tasks/${task.id}`);
    expect(read.usage).toEqual({ inputTokens: 2000, outputTokens: 300, costUsd: 0.75 });
    expect(read.version).toBe(task.version + 2);
    const log = await rest('GET', `/api/v1/activity?entityId=${task.id}`);
    expect(log.items[0]).toMatchObject({ action: 'task.updated', data: { fields: ['usage'] } });
    expect(await toolError('report-usage', { task: task.key, inputTokens: -1 })).toMatch(/inputTokens/);
    const project = await agent.call('get-project');
    expect(project.usage).toMatchObject({ inputTokens: 2000, outputTokens: 300, costUsd: 0.75 });
  });

  it('next-task picks the highest-priority ready task for the agent and claims it', async () => {
    await rest('POST', '/api/v1/projects', { name: 'Next', key: 'NXT' });
    const other = await connectAgent(server.url, keyOf(space, 'frontend-dev'), { query: { project: 'NXT' } });
    const mine = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
      query: { project: 'NXT', toolsets: 'all' },
    });
    const blocker = await mine.call('create-task', { title: 'Blocker', priority: 'low' });
    await mine.call('create-task', { title: 'Blocked high', priority: 'high', blockedBy: [blocker.key] });
    await mine.call('create-task', { title: 'For frontend', priority: 'high', assignee: 'frontend-dev' });
    await mine.call('create-task', { title: 'In review', priority: 'high', status: 'Review' });
    const medium = await mine.call('create-task', { title: 'Unassigned medium' });
    const assigned = await mine.call('create-task', { title: 'Mine medium', assignee: 'backend-dev' });

    const peek = await mine.call('next-task', { claim: false });
    expect(peek).toMatchObject({ claimed: false, task: { key: assigned.key } });
    expect((await mine.call('get-task', { task: assigned.key })).claim).toBeNull();
    const first = await mine.call('next-task', {});
    expect(first).toMatchObject({ claimed: true, task: { key: assigned.key } });
    expect((await mine.call('get-task', { task: assigned.key })).claim).toMatchObject({
      by: expect.any(String),
    });
    const second = await mine.call('next-task', {});
    // The session's own claim is still ready for it: asking again answers the same task.
    expect(second.task.key).toBe(assigned.key);
    const forOther = await other.call('next-task', {});
    expect(forOther.task.title).toBe('For frontend');
    const thenOther = await other.call('next-task', {});
    expect(thenOther.task.title).toBe('For frontend');
    await mine.call('move-task', { task: assigned.key, status: 'Done' });
    expect((await mine.call('next-task', {})).task.key).toBe(medium.key);
    await mine.call('move-task', { task: medium.key, status: 'Done' });
    // The blocked task waits for its blocker; the blocker (low) is next.
    expect((await mine.call('next-task', {})).task.key).toBe(blocker.key);
    await mine.call('move-task', { task: blocker.key, status: 'Done' });
    expect((await mine.call('next-task', {})).task.title).toBe('Blocked high');
    await mine.call('move-task', { task: 'NXT-2', status: 'Done' });
    expect(await mine.call('next-task', {})).toMatchObject({
      claimed: false,
      task: null,
      message: expect.stringContaining('No ready task'),
    });
    await other.close();
    await mine.close();
  });

  it('request-input posts the question and marks the session awaiting input until the next write', async () => {
    const asker = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
      clientName: 'asker',
      query: { project: 'SWB', toolsets: 'all' },
    });
    const task = await asker.call('create-task', { title: 'Unclear' });
    await asker.call('claim-task', { task: task.key });
    const asked = await asker.call('request-input', { question: 'Which database should I use?' });
    expect(asked).toEqual({ status: 'awaiting_input', task: task.key, questionId: expect.any(String) });
    const thread = await asker.call('list-task-comments', { task: task.key });
    expect(thread.items).toEqual([
      { body: 'Which database should I use?', author: 'backend-dev', createdAt: expect.any(String) },
    ]);
    const sessions = async () =>
      (await rest('GET', '/api/v1/agent-sessions')).items.find((item: Json) => item.client?.name === 'asker');
    expect(await sessions()).toMatchObject({
      status: 'awaiting_input',
      question: 'Which database should I use?',
      currentTask: { key: task.key, title: 'Unclear' },
    });
    await asker.call('list-task-comments', { task: task.key });
    expect((await sessions()).status).toBe('awaiting_input');
    await asker.call('create-task-comment', { task: task.key, body: 'Going with PostgreSQL' });
    expect(await sessions()).toMatchObject({ status: 'active', question: null });
    await asker.close();
    expect(await sessions()).toMatchObject({ status: 'ended', currentTask: null });
    expect((await rest('GET', `/api/v1/tasks/${task.id}`)).claim).toBeNull();
  });
});

describe('errors never crash the session', () => {
  it('answers tool errors for nonsense and keeps serving', async () => {
    const attempts: [string, Record<string, unknown>][] = [
      ['get-task', {}],
      ['get-task', { task: 42 }],
      ['move-task', { task: 'SWB-1', status: 'Nowhere' }],
      ['create-work-unit', { title: 'x', parentWorkUnit: 'SWB-WU-999' }],
      ['list-tasks', { project: 'ZZZ' }],
      ['report-usage', { task: 'SWB-1', costUsd: Number.NaN }],
      ['claim-task', { task: '' }],
      ['no-such-tool', {}],
    ];
    for (const [name, args] of attempts) {
      const result = await agent.client.callTool({ name, arguments: args }).catch((error: Error) => error);
      if (result instanceof Error) expect(result.message, name).toMatch(/no-such-tool/);
      else expect(result.isError, `${name} ${JSON.stringify(result)}`).toBe(true);
    }
    expect((await agent.call('get-project')).key).toBe('SWB');
  });

  it('a ToolError carries the code', async () => {
    const error = await agent.call('get-task', { task: 'SWB-424242' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('TASK_NOT_FOUND');
  });
});
