import { beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, type McpAgent, textOf } from '../testing/mcp-agent';
import { keyOf, type Workspace, workspace } from '../testing/mcp-fixtures';
import { useMcpWorkspace } from '../testing/mcp-workspace';
import type { Json } from '../testing/projects';

const space = useMcpWorkspace({ agents: ['planner', 'backend-dev'] });
const { call, rest } = space;
let outsider: Workspace;
let agent: McpAgent;

beforeAll(async () => {
  outsider = await workspace(space.server, 'Mallory', 'OUT', ['spy']);
  agent = await space.connect('planner', { query: { project: 'SWB', toolsets: 'planning' } });
});

const task = (key: string, parent: string, title: string, extra: Record<string, unknown> = {}) => ({
  key,
  kind: 'task',
  parent,
  title,
  acceptanceCriteria: [`${title} works`],
  estimateHours: 2,
  ...extra,
});

/** Two work units of four tasks each; T2 and T3 wait for T1, the checkout tasks wait for the API. */
const billingPlan = [
  { key: 'W1', kind: 'work_unit', title: 'Billing API' },
  task('T1', 'W1', 'Invoice table'),
  task('T2', 'W1', 'Create invoice endpoint', { dependsOn: ['T1'], assignee: 'backend-dev' }),
  task('T3', 'W1', 'List invoices endpoint', { dependsOn: ['T1'] }),
  task('T4', 'W1', 'Invoice PDF'),
  { key: 'W2', kind: 'work_unit', title: 'Checkout screen' },
  task('T5', 'W2', 'Cart summary'),
  task('T6', 'W2', 'Pay button', { dependsOn: ['T2'] }),
  task('T7', 'W2', 'Receipt page', { dependsOn: ['T6'] }),
  task('T8', 'W2', 'Error states'),
];

describe('planning over MCP', () => {
  it('lists the planning tools only when the toolset is chosen, and never one that accepts', async () => {
    const names = (await agent.client.listTools()).tools.map((tool) => tool.name).sort();
    expect(names).toEqual(['comment-on-plan', 'get-plan', 'list-plans', 'propose-plan', 'revise-plan']);
    const loop = await connectAgent(space.server.url, keyOf(space, 'planner'), { query: { project: 'SWB' } });
    const loopNames = (await loop.client.listTools()).tools.map((tool) => tool.name);
    expect(loopNames).not.toContain('propose-plan');
    await loop.close();
  });

  it('an agent proposes, a person comments while the agent waits, the agent revises, the person accepts all but one task', async () => {
    const proposed = await agent.call('propose-plan', {
      title: 'Billing',
      summary: 'Invoices and a checkout',
      items: billingPlan,
    });
    expect(proposed).toMatchObject({
      title: 'Billing',
      status: 'proposed',
      revision: 1,
      itemCount: 10,
      author: { type: 'agent', name: 'planner' },
    });
    expect(proposed.items.map((item: Json) => item.key)).toEqual(billingPlan.map((item) => item.key));
    expect(proposed.warnings).toEqual(expect.any(Array));

    const first = await agent.call('get-plan', { plan: proposed.id });
    expect(first.messages).toEqual([]);
    expect(first.expected).toMatch(/^Waiting for acceptance/);

    // The wait starts before the comment is written, and ends when it arrives, well before its 60 s.
    const started = Date.now();
    const waiting = agent.call('get-plan', { plan: proposed.id, wait: 60 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const comment = await rest('POST', `/api/v1/plans/${proposed.id}/messages`, {
      body: 'Split the PDF out: it needs a library choice first',
      item: 'T4',
    });
    const heard = await waiting;
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(heard.messages).toEqual([
      expect.objectContaining({
        id: comment.id,
        itemKey: 'T4',
        body: 'Split the PDF out: it needs a library choice first',
        author: expect.objectContaining({ type: 'user' }),
      }),
    ]);
    expect(heard.expected).toMatch(/^Answer the comment on T4/);

    // Nothing newer than the comment: a short wait answers empty.
    const quiet = await agent.call('get-plan', { plan: proposed.id, since: comment.id, wait: 1 });
    expect(quiet.messages).toEqual([]);

    await agent.call('comment-on-plan', {
      plan: proposed.id,
      item: 'T4',
      body: 'Done: the PDF waits for T9',
    });
    const revisedItems = [...billingPlan, task('T9', 'W1', 'Choose a PDF library', { estimateHours: 1 })].map(
      (item) => (item.key === 'T4' ? { ...item, dependsOn: ['T9'] } : item),
    );
    const revised = await agent.call('revise-plan', { plan: proposed.id, items: revisedItems });
    expect(revised).toMatchObject({ revision: 2, itemCount: 11, status: 'proposed' });
    const afterRevision = await agent.call('get-plan', { plan: proposed.id });
    expect(afterRevision.messages.map((message: Json) => message.body)).toEqual([
      'Split the PDF out: it needs a library choice first',
      'Done: the PDF waits for T9',
    ]);
    expect(afterRevision.expected).toMatch(/^Waiting for acceptance/);

    // The agent cannot accept: there is no tool for it, and REST refuses its key.
    const byKey = await fetch(`${space.server.url}/api/v1/plans/${proposed.id}/accept`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keyOf(space, 'planner')}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(byKey.status).toBe(403);

    const chosen = revisedItems.map((item) => item.key).filter((key) => key !== 'T8');
    const accepted = await rest('POST', `/api/v1/plans/${proposed.id}/accept`, { items: chosen });
    expect(accepted.plan.status).toBe('partially_accepted');
    expect(accepted.created.map((entry: Json) => entry.key).sort()).toEqual([...chosen].sort());

    const units = (await rest('GET', `/api/v1/projects/${space.project.id}/work-units`)).items;
    expect(units.map((unit: Json) => unit.title).sort()).toEqual(['Billing API', 'Checkout screen']);
    const unitId = (title: string) => units.find((unit: Json) => unit.title === title).id;
    const tasks = (await rest('GET', `/api/v1/projects/${space.project.id}/tasks`)).items;
    expect(tasks).toHaveLength(8);
    const byTitle = (title: string) => tasks.find((entry: Json) => entry.title === title);
    expect(tasks.map((entry: Json) => entry.title)).not.toContain('Error states');
    expect(byTitle('Invoice table').workUnitId).toBe(unitId('Billing API'));
    expect(byTitle('Receipt page').workUnitId).toBe(unitId('Checkout screen'));
    expect(byTitle('Create invoice endpoint').blockedBy).toEqual([byTitle('Invoice table').id]);
    expect(byTitle('Pay button').blockedBy).toEqual([byTitle('Create invoice endpoint').id]);
    expect(byTitle('Invoice PDF').blockedBy).toEqual([byTitle('Choose a PDF library').id]);
    expect(byTitle('Create invoice endpoint').assignee).toBe('backend-dev');
    expect(byTitle('Invoice table').assignee).toBeNull();

    // One change: every row the acceptance wrote shares its transaction's time, in consecutive ids.
    const activity = (await rest('GET', `/api/v1/activity?projectId=${space.project.id}&limit=100`)).items;
    const acceptedEntry = activity.find((entry: Json) => entry.action === 'plan.accepted');
    const sameChange = activity.filter((entry: Json) => entry.createdAt === acceptedEntry.createdAt);
    expect(sameChange).toHaveLength(1 + 2 + 8);
    const ids = sameChange.map((entry: Json) => Number(entry.id)).sort((a: number, b: number) => a - b);
    expect(ids.at(-1) - ids[0]).toBe(ids.length - 1);

    // Accepting the same items again changes nothing.
    const again = await rest('POST', `/api/v1/plans/${proposed.id}/accept`, { items: chosen });
    expect(again.created).toEqual([]);
    expect(again.skipped.sort()).toEqual([...chosen].sort());
    expect((await rest('GET', `/api/v1/projects/${space.project.id}/tasks`)).items).toHaveLength(8);
    const later = (await rest('GET', `/api/v1/activity?projectId=${space.project.id}&limit=100`)).items;
    expect(later[0].id).toBe(activity[0].id);

    const listed = await agent.call('list-plans', { status: 'partially_accepted' });
    expect(listed.items).toEqual([expect.objectContaining({ id: proposed.id, acceptedCount: 10 })]);
    const settled = await agent.call('get-plan', { plan: proposed.id });
    expect(settled.expected).toMatch(/remaining items/);
  });

  it('a person’s edit saved as a revision is credited to the person and answers no comment for the agent', async () => {
    const proposed = await agent.call('propose-plan', {
      title: 'Search',
      items: [
        { key: 'W1', kind: 'work_unit', title: 'Search' },
        task('T1', 'W1', 'Index'),
        task('T3', 'W1', 'Query'),
      ],
    });
    expect(proposed.revisionAuthor).toMatchObject({ type: 'agent', name: 'planner' });
    await rest('POST', `/api/v1/plans/${proposed.id}/messages`, { body: 'Rank by recency too', item: 'T3' });
    const edited = proposed.items.map((item: Json) =>
      item.key === 'T3' ? { ...item, title: 'Query, ranked by recency' } : item,
    );
    const items = edited.map(({ key, kind, parent, title, acceptanceCriteria, estimateHours }: Json) => ({
      key,
      kind,
      ...(parent ? { parent } : {}),
      title,
      acceptanceCriteria,
      ...(estimateHours !== null ? { estimateHours } : {}),
    }));
    const byPerson = await rest('PATCH', `/api/v1/plans/${proposed.id}`, {
      version: proposed.version,
      items,
    });
    expect(byPerson).toMatchObject({ revision: 2, revisionAuthor: { type: 'user', name: 'Ada' } });
    // The plan is still the agent's; each revision names its own author.
    expect(byPerson.author).toMatchObject({ type: 'agent', name: 'planner' });
    const first = await rest('GET', `/api/v1/plans/${proposed.id}?revision=1`);
    expect(first.revisionAuthor).toMatchObject({ type: 'agent', name: 'planner' });

    const afterEdit = await agent.call('get-plan', { plan: proposed.id });
    expect(afterEdit.plan.revisionAuthor).toMatchObject({ type: 'user' });
    expect(afterEdit.expected).toMatch(/^Answer the comment on T3/);

    // The agent revising answers it.
    const revised = await agent.call('revise-plan', { plan: proposed.id, items });
    expect(revised).toMatchObject({ revision: 3, revisionAuthor: { type: 'agent', name: 'planner' } });
    expect((await agent.call('get-plan', { plan: proposed.id })).expected).toMatch(/^Waiting for acceptance/);

    // So does a reply: a new comment from the person, then the agent's answer.
    await rest('POST', `/api/v1/plans/${proposed.id}/messages`, { body: 'And by title', item: 'T1' });
    expect((await agent.call('get-plan', { plan: proposed.id })).expected).toMatch(
      /^Answer the comment on T1/,
    );
    await agent.call('comment-on-plan', { plan: proposed.id, item: 'T1', body: 'Titles weigh double' });
    expect((await agent.call('get-plan', { plan: proposed.id })).expected).toMatch(/^Waiting for acceptance/);
  });

  it('answers clear tool errors: bad items, another organization’s plan, a wait too long', async () => {
    const orphan = await agent.callRaw('propose-plan', {
      title: 'Broken',
      items: [task('T1', 'W9', 'No such unit')],
    });
    expect(orphan.isError).toBe(true);
    expect(textOf(orphan)).toMatch(/^VALIDATION_FAILED: items/);

    const theirs = await call(outsider.person, 'POST', `/api/v1/projects/${outsider.project.id}/plans`, {
      title: 'Secret',
      items: [{ key: 'T1', kind: 'task', title: 'Hidden' }],
    });
    expect(theirs.status).toBe(201);
    for (const [tool, args] of [
      ['get-plan', { plan: theirs.body.id }],
      ['comment-on-plan', { plan: theirs.body.id, body: 'hello' }],
      ['revise-plan', { plan: theirs.body.id, items: [{ key: 'T1', kind: 'task', title: 'Mine' }] }],
    ] as const) {
      const result = await agent.callRaw(tool, args);
      expect(result.isError, tool).toBe(true);
      expect(textOf(result), tool).toMatch(/^PLAN_NOT_FOUND/);
    }

    const tooLong = await agent.callRaw('get-plan', { plan: theirs.body.id, wait: 61 });
    expect(tooLong.isError).toBe(true);
  });

  it('the plan prompt leads through proposing, waiting for comments and revising', async () => {
    const prompt = await agent.client.getPrompt({ name: 'plan', arguments: { goal: 'Ship billing' } });
    const text = JSON.stringify(prompt.messages);
    expect(text).toContain('Goal: Ship billing');
    expect(text).toContain('propose-plan');
    expect(text).toContain('3 to 8 tasks');
    expect(text).toContain('get-plan with wait');
    expect(text).toContain('revise-plan');
  });
});
