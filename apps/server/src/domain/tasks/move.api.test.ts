import { beforeAll, describe, expect, it } from 'vitest';
import { sendWithKey } from '../../testing/agents';
import { type McpAgent, ToolError } from '../../testing/mcp-agent';
import { keyOf } from '../../testing/mcp-fixtures';
import { useMcpWorkspace } from '../../testing/mcp-workspace';
import type { Json } from '../../testing/projects';
import {
  CLEAN_ROUTE,
  createTestRuleSet,
  ROUTE_WITH_DRIVER,
  ROUTE_WITH_QUERY,
  useRuleSet,
} from '../../testing/rule-sets';

// Dialect-sensitive: the mover locks the task row and orders findings by severity; on PostgreSQL the
// paths' transactions really overlap.

/*
 * Every path that moves a task goes through one mover: an agent cannot hand in work with an open HIGH
 * finding by any of them, a MEDIUM one lands in review with the reason, and a person is never held
 * but the activity says what they moved it over.
 */

const space = useMcpWorkspace({ agents: ['backend-dev'] });
let worker: McpAgent;

beforeAll(async () => {
  await createTestRuleSet(space.server, space.person, 'backend');
  await useRuleSet(space.server, space.person, space.project.id, 'backend');
  worker = await space.connect('backend-dev', {
    query: { project: 'SWB', toolsets: 'core,tasks,architecture' },
  });
});

const read = (key: string): Promise<Json> => space.rest('GET', `/api/v1/tasks/${key}`);
const activityOf = async (id: string): Promise<Json[]> =>
  (await space.rest('GET', `/api/v1/activity?entityId=${id}`)).items;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'moved',
    (error: unknown) => {
      if (error instanceof ToolError) return error.code;
      throw error;
    },
  );
const asAgent = (method: string, path: string, body: unknown) =>
  sendWithKey(space.server, keyOf(space, 'backend-dev'), method, path, body);

/** A task in progress whose one reviewed file has the given content. */
async function reviewedTask(title: string, content: string): Promise<Json> {
  const task = await space.rest('POST', `/api/v1/projects/${space.project.id}/tasks`, { title });
  await worker.call('move-task', { task: task.key, status: 'In Progress' });
  await worker.call('review-code-change', { task: task.key, file_path: 'src/routes/users.ts', content });
  return read(task.key);
}

/** Every path an agent can move a task by, each answering the refusal's code or 'moved'. */
function pathsTo(column: 'inProgress' | 'done', name: string): [string, (task: Json) => Promise<string>][] {
  return [
    [
      'a REST move with the agent’s key',
      async (task) =>
        (
          await asAgent('POST', `/api/v1/tasks/${task.key}/move`, {
            version: task.version,
            statusId: space.project[column],
          })
        ).body.error?.code ?? 'moved',
    ],
    [
      'a REST bulk move with the agent’s key',
      async (task) =>
        (
          await asAgent('POST', `/api/v1/projects/${space.project.id}/tasks/bulk`, {
            taskIds: [task.key],
            action: { type: 'move', statusId: space.project[column] },
          })
        ).body.error?.code ?? 'moved',
    ],
    ['MCP move-task', (task) => codeOf(worker.call('move-task', { task: task.key, status: name }))],
    [
      'MCP reorder-tasks',
      (task) => codeOf(worker.call('reorder-tasks', { status: name, tasks: [task.key] })),
    ],
  ];
}

const pathsToDone = pathsTo('done', 'Done');

describe('an open HIGH finding holds an agent', () => {
  it.each(pathsToDone)('%s to done is refused and moves nothing', async (_path, moveToDone) => {
    const task = await reviewedTask('Route with a driver', ROUTE_WITH_DRIVER);
    expect(task.openFindings.high).toBe(1);
    expect(await moveToDone(task)).toBe('TASK_REVIEW_BLOCKED');
    expect(await read(task.key)).toMatchObject({ statusId: space.project.inProgress, version: task.version });
    // Fixed and reviewed again, the same path goes through.
    await worker.call('review-code-change', {
      task: task.key,
      file_path: 'src/routes/users.ts',
      content: CLEAN_ROUTE,
    });
    expect(await moveToDone(await read(task.key))).toBe('moved');
    expect((await read(task.key)).statusId).toBe(space.project.done);
  });

  it('handing in to review is refused too, and the refusal lists the findings', async () => {
    const task = await reviewedTask('Still a driver', ROUTE_WITH_DRIVER);
    const refused = await worker
      .call('move-task', { task: task.key, status: 'Review' })
      .catch((error: ToolError) => error);
    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as ToolError).code).toBe('TASK_REVIEW_BLOCKED');
    expect((refused as ToolError).text).toContain('src/routes/users.ts:1 No database driver in routes');
  });

  it('a person is never held; the activity says what they moved it over', async () => {
    const task = await reviewedTask('Person decides', ROUTE_WITH_DRIVER);
    const moved = await space.rest('POST', `/api/v1/tasks/${task.key}/move`, {
      version: task.version,
      statusId: space.project.done,
    });
    expect(moved.statusId).toBe(space.project.done);
    const [entry] = await activityOf(task.id);
    expect(entry).toMatchObject({
      action: 'task.moved',
      summary: `moved ${task.key} from In Progress to Done (over 1 HIGH open review finding(s))`,
    });
  });
});

describe('what agents read of the gate', () => {
  it('task answers carry open findings and needsReview; a redirected move says why', async () => {
    const task = await reviewedTask('Query in a handler', ROUTE_WITH_QUERY);
    const medium = expect.stringMatching(
      /^MEDIUM src\/routes\/users\.ts:\d+ Keep handlers thin, without queries \[.+\]$/,
    );
    expect(await worker.call('get-task', { task: task.key })).toMatchObject({
      needsReview: false,
      findings: [medium],
    });
    const moved = await worker.call('move-task', { task: task.key, status: 'Done' });
    expect(moved).toMatchObject({
      key: task.key,
      status: 'Review',
      needsReview: true,
      findings: [medium],
      redirected: '1 open MEDIUM review finding(s) sent it to Review instead of Done',
    });
    const listed = await worker.call('list-tasks', { status: 'Review' });
    expect(listed.items.find((item: Json) => item.key === task.key)).toMatchObject({
      needsReview: true,
      findings: [medium],
    });
  });

  it('reorder-tasks answers the tasks the gate sent elsewhere, with the reason', async () => {
    const task = await reviewedTask('Reordered query', ROUTE_WITH_QUERY);
    const answer = await worker.call('reorder-tasks', { status: 'Done', tasks: [task.key] });
    expect(answer.redirected).toEqual([
      { key: task.key, reason: '1 open MEDIUM review finding(s) sent it to Review instead of Done' },
    ]);
    expect(answer.items.map((item: Json) => item.key)).not.toContain(task.key);
    expect((await read(task.key)).statusId).toBe(space.project.review);
  });

  it('blockers are task keys and a claim names its agent, both things a tool takes back', async () => {
    const first = await space.rest('POST', `/api/v1/projects/${space.project.id}/tasks`, { title: 'First' });
    const second = await space.rest('POST', `/api/v1/projects/${space.project.id}/tasks`, {
      title: 'Second',
      blockedBy: [first.key],
    });
    await worker.call('claim-task', { task: second.key });
    const view = await worker.call('get-task', { task: second.key });
    expect(view).toMatchObject({ blockedBy: [first.key], claim: { by: 'backend-dev' }, needsReview: false });
    expect(view.findings).toBeUndefined();
    const listed = await worker.call('list-tasks', { search: 'Second' });
    expect(listed.items[0]).toMatchObject({
      key: second.key,
      blockedBy: [first.key],
      claim: { by: 'backend-dev' },
    });
    await worker.call('release-task', { task: second.key });
  });
});

/** A blocker in progress and a todo task waiting for it. */
async function blockedPair(title: string): Promise<{ blocker: Json; waiting: Json }> {
  const tasks = `/api/v1/projects/${space.project.id}/tasks`;
  const blocker = await space.rest('POST', tasks, { title: `${title} first` });
  await space.rest('POST', `/api/v1/tasks/${blocker.key}/move`, {
    version: blocker.version,
    statusId: space.project.inProgress,
  });
  const waiting = await space.rest('POST', tasks, { title, blockedBy: [blocker.key] });
  return { blocker: await read(blocker.key), waiting };
}

const pathsToInProgress = pathsTo('inProgress', 'In Progress');

describe('unfinished blockers hold an agent', () => {
  it.each(pathsToInProgress)('%s to in progress is refused and moves nothing', async (_path, start) => {
    const { blocker, waiting } = await blockedPair('Waits');
    expect(await start(waiting)).toBe('TASK_BLOCKED');
    expect(await read(waiting.key)).toMatchObject({ statusId: space.project.todo, version: waiting.version });
    // Once the blocker is done, the same path goes through.
    await space.rest('POST', `/api/v1/tasks/${blocker.key}/move`, {
      version: blocker.version,
      statusId: space.project.done,
    });
    expect(await start(await read(waiting.key))).toBe('moved');
    expect((await read(waiting.key)).statusId).toBe(space.project.inProgress);
  });

  it('the refusal names the blockers by key and status, and its details list them', async () => {
    const { blocker, waiting } = await blockedPair('Named');
    const answer = await asAgent('POST', `/api/v1/tasks/${waiting.key}/move`, {
      version: waiting.version,
      statusId: space.project.done,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toMatch(
      new RegExp(`^${waiting.key} waits for ${blocker.key} \\(In Progress\\), so it cannot move to Done`),
    );
    expect(answer.body.error.details).toEqual({
      key: waiting.key,
      blockers: [{ key: blocker.key, title: 'Named first', status: 'In Progress', category: 'in_progress' }],
    });
    // A bulk move is all or nothing: the ready task beside it stays put too.
    const ready = await space.rest('POST', `/api/v1/projects/${space.project.id}/tasks`, { title: 'Ready' });
    const bulk = await asAgent('POST', `/api/v1/projects/${space.project.id}/tasks/bulk`, {
      taskIds: [ready.key, waiting.key],
      action: { type: 'move', statusId: space.project.inProgress },
    });
    expect(bulk.body.error.code).toBe('TASK_BLOCKED');
    expect((await read(ready.key)).statusId).toBe(space.project.todo);
  });

  it('moving back to todo and within todo is never held', async () => {
    const { waiting } = await blockedPair('Stays in todo');
    expect(await codeOf(worker.call('reorder-tasks', { status: 'Todo', tasks: [waiting.key] }))).toBe(
      'moved',
    );
  });

  it('a person is never held; the activity says what they moved it over', async () => {
    const { blocker, waiting } = await blockedPair('Person starts');
    const moved = await space.rest('POST', `/api/v1/tasks/${waiting.key}/move`, {
      version: waiting.version,
      statusId: space.project.inProgress,
    });
    expect(moved.statusId).toBe(space.project.inProgress);
    const [entry] = await activityOf(waiting.id);
    expect(entry).toMatchObject({
      action: 'task.moved',
      summary: `moved ${waiting.key} from Todo to In Progress (over unfinished blocker(s) ${blocker.key} (In Progress))`,
    });
    // Started by a person, the task is the agent's to finish and move back.
    expect(await codeOf(worker.call('move-task', { task: waiting.key, status: 'Todo' }))).toBe('moved');
  });
});
