import { beforeAll, describe, expect, it } from 'vitest';
import type { McpAgent } from '../testing/mcp-agent';
import { useMcpWorkspace } from '../testing/mcp-workspace';
import type { Json } from '../testing/projects';

/*
 * Agents' tools and the review gate go by a status's category, never its name: a project whose only
 * review status is "QA" and whose only done status is "Shipped" runs the same work loop.
 */

const space = useMcpWorkspace({ agents: ['backend-dev', 'reviewer'], projectKey: 'CUS' });
let worker: McpAgent;
let reviewer: McpAgent;
const query = { project: 'CUS', toolsets: 'core,tasks' };

async function statusIds(): Promise<Record<string, string>> {
  const listed = await space.rest('GET', `/api/v1/projects/${space.project.id}/statuses`);
  return Object.fromEntries(listed.items.map((item: Json) => [item.name, item.id]));
}

beforeAll(async () => {
  const path = `/api/v1/projects/${space.project.id}/statuses`;
  await space.rest('POST', path, { name: 'QA', category: 'review', position: 2 });
  await space.rest('POST', path, { name: 'Shipped', category: 'done' });
  const ids = await statusIds();
  await space.rest('DELETE', `${path}/${ids.Review}`);
  await space.rest('DELETE', `${path}/${ids.Done}`);
  await space.rest('PATCH', `${path}/${ids['In Progress']}`, { name: 'Doing' });
  worker = await space.connect('backend-dev', { query });
  reviewer = await space.connect('reviewer', { query });
});

describe('a project with its own statuses', () => {
  it('runs the work loop by category: hand-in to QA releases, the reviewer ships it', async () => {
    expect(Object.keys(await statusIds())).toEqual(['Todo', 'Doing', 'QA', 'Shipped']);
    const task = await space.rest('POST', `/api/v1/projects/${space.project.id}/tasks`, {
      title: 'Add the invoices endpoint',
    });
    const next = await worker.call('next-task', {});
    expect(next).toMatchObject({ claimed: true, task: { key: task.key } });
    expect(await worker.call('move-task', { task: task.key, status: 'Doing' })).toMatchObject({
      status: 'Doing',
    });
    const handedIn = await worker.call('move-task', { task: task.key, status: 'QA' });
    expect(handedIn).toMatchObject({ status: 'QA', claimedBy: null });
    const activity = await space.rest('GET', `/api/v1/activity?entityId=${task.id}`);
    expect(activity.items[0]).toMatchObject({
      action: 'task.released',
      summary: `${task.key} released: handed in to QA, free for a reviewer to claim`,
    });
    // The worker is not handed its own task back from review.
    expect(await worker.call('next-task', { claim: false })).toMatchObject({ task: null });

    const waiting = await reviewer.call('list-tasks', { status: 'QA' });
    expect(waiting.items.map((item: Json) => item.key)).toEqual([task.key]);
    expect((await reviewer.call('claim-task', { task: task.key })).claimed).toBe(true);
    const shipped = await reviewer.call('move-task', { task: task.key, status: 'Shipped' });
    expect(shipped).toMatchObject({ status: 'Shipped', claimedBy: null });
    const open = await reviewer.call('list-tasks', { status: 'Shipped' });
    expect(open.items.map((item: Json) => item.key)).toEqual([task.key]);
  });
});
