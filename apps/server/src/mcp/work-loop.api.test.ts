import { beforeAll, describe, expect, it } from 'vitest';
import type { McpAgent } from '../testing/mcp-agent';
import { useMcpWorkspace } from '../testing/mcp-workspace';
import type { Json } from '../testing/projects';

// Dialect-sensitive: two agents claim and release one task, and only on PostgreSQL do their
// transactions overlap.

/*
 * The work loop as the prompts tell it, run by two agents through the official MCP SDK client: a
 * worker follows `work` to the hand-in, a reviewer follows `review` from there. Each step is checked
 * against the prompt's own words, so prompt and behaviour cannot drift apart.
 */

const space = useMcpWorkspace({ agents: ['backend-dev', 'reviewer'] });
let worker: McpAgent;
let reviewer: McpAgent;

// Both loop prompts need list-tasks, which the default (core) list leaves out.
const query = { project: 'SWB', toolsets: 'core,tasks' };

beforeAll(async () => {
  worker = await space.connect('backend-dev', { query });
  reviewer = await space.connect('reviewer', { query });
});

async function promptText(agent: McpAgent, name: string): Promise<string> {
  const prompt = await agent.client.getPrompt({ name, arguments: {} });
  return prompt.messages
    .map((message) => (message.content.type === 'text' ? message.content.text : ''))
    .join('\n');
}

const activityOf = async (id: string): Promise<Json[]> =>
  (await space.rest('GET', `/api/v1/activity?entityId=${id}`)).items;

/** The worker's steps of the work prompt, up to and including the hand-in. */
async function workOn(expectedKey: string): Promise<Json> {
  const next = await worker.call('next-task', {});
  expect(next).toMatchObject({ claimed: true, task: { key: expectedKey } });
  const task = await worker.call('get-task', { task: expectedKey });
  expect(task.claim).toMatchObject({ by: 'backend-dev' });
  await worker.call('move-task', { task: task.key, status: 'In Progress' });
  await worker.call('update-task', { task: task.key, devInfo: { executionPlan: 'write it, test it' } });
  await worker.call('create-task-comment', { task: task.key, body: 'Written and tested.' });
  await worker.call('update-task', { task: task.key, check: [0], devInfo: { testResults: '3 passed' } });
  await worker.call('report-usage', { task: task.key, inputTokens: 1200, outputTokens: 300 });
  return worker.call('move-task', { task: task.key, status: 'Review' });
}

describe('the work and review prompts, run by two agents', () => {
  it('tell one loop: the worker hands in to review, the reviewer claims it and passes it', async () => {
    const work = await promptText(worker, 'work');
    for (const step of ['next-task', 'move-task to In Progress', 'report-usage', 'move-task to Review']) {
      expect(work).toContain(step);
    }
    expect(work).toContain('releases your claim');
    const task = await space.rest('POST', `/api/v1/projects/${space.project.id}/tasks`, {
      title: 'Add the users endpoint',
      acceptanceCriteria: [{ text: 'GET /users lists users' }],
    });

    const handedIn = await workOn(task.key);
    expect(handedIn).toMatchObject({ key: task.key, status: 'Review', claimedBy: null, needsReview: false });
    const [released] = await activityOf(task.id);
    expect(released).toMatchObject({
      action: 'task.released',
      summary: `${task.key} released: handed in to Review, free for a reviewer to claim`,
    });
    // The worker is never handed its own task back from review.
    expect(await worker.call('next-task', { claim: false })).toMatchObject({ claimed: false, task: null });

    const review = await promptText(reviewer, 'review');
    expect(review).toContain('list-tasks with status Review');
    expect(review).toContain('move-task to Done');
    const waiting = await reviewer.call('list-tasks', { status: 'Review' });
    expect(waiting.items.map((item: Json) => item.key)).toEqual([task.key]);
    expect((await reviewer.call('claim-task', { task: task.key })).claimed).toBe(true);
    const read = await reviewer.call('get-task', { task: task.key });
    expect(read).toMatchObject({
      claim: { by: 'reviewer' },
      acceptanceCriteria: [{ checked: true }],
      devInfo: { testResults: '3 passed' },
    });
    expect((await reviewer.call('list-task-comments', { task: task.key })).items).toHaveLength(1);
    const passed = await reviewer.call('move-task', { task: task.key, status: 'Done' });
    expect(passed).toMatchObject({ status: 'Done', claimedBy: null });
  });

  it('a failed review goes back to todo, released, and next-task offers it to the worker again', async () => {
    const review = await promptText(reviewer, 'review');
    expect(review).toContain('move-task back to Todo, then release-task');
    const task = await space.rest('POST', `/api/v1/projects/${space.project.id}/tasks`, {
      title: 'Add the orders endpoint',
      assignee: 'backend-dev',
      acceptanceCriteria: [{ text: 'GET /orders lists orders' }],
    });
    await workOn(task.key);

    await reviewer.call('claim-task', { task: task.key });
    await reviewer.call('create-task-comment', { task: task.key, body: 'Pagination is missing.' });
    await reviewer.call('update-task', { task: task.key, uncheck: [0] });
    await reviewer.call('move-task', { task: task.key, status: 'Todo' });
    expect(await reviewer.call('release-task', { task: task.key })).toMatchObject({ released: true });

    const again = await worker.call('next-task', {});
    expect(again).toMatchObject({ claimed: true, resumed: false, task: { key: task.key } });
  });
});
