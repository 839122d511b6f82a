import { describe, expect, it } from 'vitest';
import { sendWithKey } from '../testing/agents';
import type { Person } from '../testing/auth-agent';
import { ROLES, useOrganizationFixture } from '../testing/organization-fixture';
import { largePlanItems } from '../testing/plans';
import type { Json, TestProject } from '../testing/projects';

const fixture = useOrganizationFixture({ agentKey: true });
const { call } = fixture;

const PEOPLE = ROLES.map((role) => [role, () => fixture[role]] as const);

/** A feature of three tasks, the second waiting for the first, the third for an agent. */
function checkoutItems(prefix = '') {
  return [
    { key: `${prefix}W1`, kind: 'work_unit', title: 'Checkout', description: 'Paying for an order.' },
    {
      key: `${prefix}T1`,
      kind: 'task',
      parent: `${prefix}W1`,
      title: 'Cart totals',
      acceptanceCriteria: ['Totals match the invoice'],
      priority: 'high',
      estimateHours: 4,
    },
    {
      key: `${prefix}T2`,
      kind: 'task',
      parent: `${prefix}W1`,
      title: 'Card payment',
      dependsOn: [`${prefix}T1`],
      assignee: fixture.member.user.email,
    },
    { key: `${prefix}T3`, kind: 'task', parent: `${prefix}W1`, title: 'Receipt', assignee: 'Backend-Dev' },
  ];
}

async function propose(person: Person, body: Json, project = fixture.project): Promise<Json> {
  const created = await call(person, 'POST', `/api/v1/projects/${project.id}/plans`, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function countsOf(project: TestProject) {
  const read = await call(fixture.owner, 'GET', `/api/v1/projects/${project.id}`);
  const activity = await call(fixture.owner, 'GET', `/api/v1/activity?projectId=${project.id}&limit=1`);
  const counts = {
    tasks: read.body.contents.tasks as number,
    workUnits: read.body.contents.workUnits as number,
    lastActivity: activity.body.items[0]?.id as string,
  };
  expect(counts.lastActivity).toEqual(expect.any(String));
  return counts;
}

describe('proposing and reading plans', () => {
  it.each(PEOPLE)('%s proposes a plan from items, reads it and finds it listed', async (_role, person) => {
    const plan = await propose(person(), {
      title: 'Checkout',
      summary: 'Take money',
      items: checkoutItems(),
    });
    expect(plan).toMatchObject({
      title: 'Checkout',
      summary: 'Take money',
      status: 'proposed',
      revision: 1,
      shownRevision: 1,
      itemCount: 4,
      acceptedCount: 0,
      version: 1,
      author: { type: 'user', name: person().user.name },
    });
    expect(plan.items.map((item: Json) => item.key)).toEqual(['W1', 'T1', 'T2', 'T3']);
    const t2 = plan.items.find((item: Json) => item.key === 'T2');
    expect(t2).toMatchObject({ assignee: null, assigneeUserId: fixture.member.user.id, dependsOn: ['T1'] });
    // The agent's name is kept as its profile spells it.
    expect(plan.items.find((item: Json) => item.key === 'T3').assignee).toBe('backend-dev');
    expect(plan.warnings).toEqual([]);

    const read = await call(fixture.member, 'GET', `/api/v1/plans/${plan.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(plan);
    const listed = await call(fixture.admin, 'GET', `/api/v1/projects/${fixture.project.id}/plans`);
    const entry = listed.body.items.find((item: Json) => item.id === plan.id);
    expect(entry).toMatchObject({ itemCount: 4, acceptedCount: 0, status: 'proposed' });
    expect(entry.items).toBeUndefined();
  });

  it('reads a markdown outline, title from its # heading', async () => {
    const plan = await propose(fixture.member, {
      outline: [
        '# Search',
        'Find anything.',
        '## Indexing',
        '- Index tasks (estimate: 2d, assignee: ghost)',
        '  - [ ] New tasks are found',
        '- Index comments (after: Index tasks)',
      ].join('\n'),
    });
    expect(plan.title).toBe('Search');
    expect(plan.summary).toBe('Find anything.');
    expect(plan.items.map((item: Json) => [item.key, item.kind, item.parent])).toEqual([
      ['W1', 'work_unit', null],
      ['T1', 'task', 'W1'],
      ['T2', 'task', 'W1'],
    ]);
    expect(plan.items[1].acceptanceCriteria).toEqual(['New tasks are found']);
    expect(plan.items[2].dependsOn).toEqual(['T1']);
    expect(plan.warnings.map((warning: Json) => `${warning.code}:${warning.itemKey}`).sort()).toEqual([
      'estimate_too_large:T1',
      'feature_too_small:W1',
      'unknown_assignee:T1',
    ]);
  });

  it('answers a malformed outline with each problem and its line', async () => {
    const refused = await call(fixture.member, 'POST', `/api/v1/projects/${fixture.project.id}/plans`, {
      title: 'Broken',
      outline: ['## Work', '- A task (priority: urgent)', '- [ ] stray', '- B (after: nothing)'].join('\n'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
    const lines = refused.body.error.details.map((detail: Json) => detail.line);
    expect(lines).toEqual([2, 4]);
    expect(refused.body.error.message).toContain('line 2: priority "urgent" is not low, medium or high');
    expect(refused.body.error.message).toContain('line 4:');
  });

  it('refuses bad input with field errors', async () => {
    const path = `/api/v1/projects/${fixture.project.id}/plans`;
    const noTitle = await call(fixture.member, 'POST', path, { items: checkoutItems() });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.details.map((detail: Json) => detail.path)).toContainEqual(['title']);

    const both = await call(fixture.member, 'POST', path, {
      title: 'X',
      items: checkoutItems(),
      outline: '- A',
    });
    expect(both.status).toBe(400);

    const orphan = await call(fixture.member, 'POST', path, {
      title: 'Orphan',
      items: [
        { key: 'T1', kind: 'task', title: 'A', parent: 'NOPE' },
        { key: 'T2', kind: 'task', title: 'B', dependsOn: ['T2'] },
        { key: 'T3', kind: 'task', title: 'C', parent: 'T1' },
      ],
    });
    expect(orphan.status).toBe(400);
    expect(orphan.body.error.details).toEqual([
      expect.objectContaining({ path: ['items', 0, 'parent'], message: 'no item has the key NOPE' }),
      expect.objectContaining({ path: ['items', 1, 'dependsOn', 0], message: 'T2 cannot wait for itself' }),
      expect.objectContaining({
        path: ['items', 2, 'parent'],
        message: 'T1 is a task; only work units hold items',
      }),
    ]);

    const circle = await call(fixture.member, 'POST', path, {
      title: 'Circle',
      items: [
        { key: 'A', kind: 'task', title: 'A', dependsOn: ['B'] },
        { key: 'B', kind: 'task', title: 'B', dependsOn: ['A'] },
      ],
    });
    expect(circle.status).toBe(400);
    expect(circle.body.error.message).toContain('circle');

    const badKey = await call(fixture.member, 'POST', path, {
      title: 'K',
      items: [{ key: '1 x', kind: 'task', title: 'A' }],
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error.details[0].path).toEqual(['items', 0, 'key']);
  });

  it('answers 404 for another organization and its plans, whoever asks', async () => {
    const theirs = await propose(
      fixture.outsider,
      { title: 'Theirs', items: checkoutItems() },
      fixture.outsiderProject,
    );
    const ours = await propose(fixture.member, { title: 'Ours', items: checkoutItems() });
    const attempts: [Person, string, string, unknown?][] = [
      [fixture.owner, 'GET', `/api/v1/plans/${theirs.id}`],
      [fixture.owner, 'PATCH', `/api/v1/plans/${theirs.id}`, { version: 1, title: 'Mine' }],
      [fixture.owner, 'GET', `/api/v1/plans/${theirs.id}/messages`],
      [fixture.owner, 'POST', `/api/v1/plans/${theirs.id}/messages`, { body: 'hi' }],
      [fixture.owner, 'POST', `/api/v1/plans/${theirs.id}/accept`, {}],
      [fixture.owner, 'POST', `/api/v1/plans/${theirs.id}/reject`, { reason: 'no' }],
      [fixture.outsider, 'GET', `/api/v1/plans/${ours.id}`],
      [fixture.outsider, 'POST', `/api/v1/plans/${ours.id}/accept`, {}],
      [fixture.outsider, 'POST', `/api/v1/plans/${ours.id}/reject`, { reason: 'no' }],
      [fixture.outsider, 'POST', `/api/v1/plans/${ours.id}/messages`, { body: 'hi' }],
    ];
    for (const [person, method, path, body] of attempts) {
      const answer = await call(person, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.code).toBe('PLAN_NOT_FOUND');
    }
    for (const [person, project] of [
      [fixture.owner, fixture.outsiderProject],
      [fixture.outsider, fixture.project],
    ] as const) {
      const listed = await call(person, 'GET', `/api/v1/projects/${project.id}/plans`);
      expect(listed.status).toBe(404);
      const created = await call(person, 'POST', `/api/v1/projects/${project.id}/plans`, {
        title: 'X',
        items: checkoutItems(),
      });
      expect(created.status).toBe(404);
      expect(created.body.error.code).toBe('PROJECT_NOT_FOUND');
    }
  });
});

describe('revising plans', () => {
  it('changes the title in place and makes a new revision for new items; old revisions stay readable', async () => {
    const plan = await propose(fixture.member, { title: 'Draft', items: checkoutItems() });
    const renamed = await call(fixture.admin, 'PATCH', `/api/v1/plans/${plan.id}`, {
      version: 1,
      title: 'Checkout v2',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'Checkout v2', revision: 1, version: 2 });
    const renaming = await call(fixture.owner, 'GET', `/api/v1/activity?entityId=${plan.id}&limit=1`);
    expect(renaming.body.items[0].summary).toBe('updated plan "Checkout v2": title "Draft" → "Checkout v2"');

    const stale = await call(fixture.owner, 'PATCH', `/api/v1/plans/${plan.id}`, {
      version: 1,
      title: 'Late',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('VERSION_CONFLICT');

    const revised = await call(fixture.owner, 'PATCH', `/api/v1/plans/${plan.id}`, {
      version: 2,
      outline: '## Checkout\n- Cart\n- Pay (after: Cart)\n- Receipt\n- Refund',
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    expect(revised.body).toMatchObject({ revision: 2, shownRevision: 2, version: 3, itemCount: 5 });
    expect(revised.body.items.map((item: Json) => item.title)).toEqual([
      'Checkout',
      'Cart',
      'Pay',
      'Receipt',
      'Refund',
    ]);

    const first = await call(fixture.member, 'GET', `/api/v1/plans/${plan.id}?revision=1`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ revision: 2, shownRevision: 1 });
    expect(first.body.items.map((item: Json) => item.title)).toEqual([
      'Checkout',
      'Cart totals',
      'Card payment',
      'Receipt',
    ]);
    const future = await call(fixture.member, 'GET', `/api/v1/plans/${plan.id}?revision=9`);
    expect(future.status).toBe(400);
    expect(future.body.error.details[0].path).toEqual(['revision']);

    const badStatus = await call(fixture.member, 'PATCH', `/api/v1/plans/${plan.id}`, {
      version: 3,
      status: 'accepted',
    });
    expect(badStatus.status).toBe(400);
  });

  it('an agent proposes and revises through its key', async () => {
    const created = await sendWithKey(
      fixture.server,
      fixture.agentKey,
      'POST',
      `/api/v1/projects/${fixture.project.id}/plans`,
      {
        title: 'From the agent',
        items: checkoutItems(),
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.author).toMatchObject({ type: 'agent', name: 'backend-dev' });
    const revised = await sendWithKey(
      fixture.server,
      fixture.agentKey,
      'PATCH',
      `/api/v1/plans/${created.body.id}`,
      {
        version: 1,
        items: checkoutItems().slice(0, 3),
      },
    );
    expect(revised.status).toBe(200);
    expect(revised.body.revision).toBe(2);
  });
});

describe('the conversation about a plan', () => {
  it('keeps messages in order, answers the newer ones since an id or a time, and tells who is mentioned', async () => {
    const plan = await propose(fixture.owner, { title: 'Talk', items: checkoutItems() });
    const path = `/api/v1/plans/${plan.id}/messages`;
    const first = await call(fixture.owner, 'POST', path, {
      body: 'What do you think, @MiaMember?',
      item: 't2',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ itemKey: 'T2', author: { type: 'user', name: 'Olive Owner' } });
    const second = await sendWithKey(fixture.server, fixture.agentKey, 'POST', path, {
      body: 'I can split T2.',
    });
    expect(second.status).toBe(201);
    expect(second.body.author).toMatchObject({ type: 'agent', name: 'backend-dev' });

    const all = await call(fixture.member, 'GET', path);
    expect(all.body.items.map((message: Json) => message.body)).toEqual([
      'What do you think, @MiaMember?',
      'I can split T2.',
    ]);
    const newer = await call(fixture.member, 'GET', `${path}?since=${first.body.id}`);
    expect(newer.body.items.map((message: Json) => message.id)).toEqual([second.body.id]);
    const byTime = await call(
      fixture.member,
      'GET',
      `${path}?since=${encodeURIComponent('2000-01-01T00:00:00Z')}`,
    );
    expect(byTime.body.items).toHaveLength(2);
    const badSince = await call(fixture.member, 'GET', `${path}?since=yesterday`);
    expect(badSince.status).toBe(400);
    expect(badSince.body.error.details[0].path).toEqual(['since']);

    const unknownItem = await call(fixture.member, 'POST', path, { body: 'hm', item: 'ZZ' });
    expect(unknownItem.status).toBe(400);
    const empty = await call(fixture.member, 'POST', path, { body: '   ' });
    expect(empty.status).toBe(400);

    const inbox = await call(fixture.member, 'GET', '/api/v1/notifications');
    const mention = inbox.body.items.find((entry: Json) => entry.planId === plan.id);
    expect(mention).toMatchObject({ kind: 'mentioned', projectId: fixture.project.id, taskId: null });
    expect(mention.title).toContain('Talk');
  });
});

describe('accepting and rejecting', () => {
  it('refuses agents: only people accept or reject', async () => {
    const plan = await propose(fixture.member, { title: 'Agents may not', items: checkoutItems() });
    for (const action of ['accept', 'reject']) {
      const refused = await sendWithKey(
        fixture.server,
        fixture.agentKey,
        'POST',
        `/api/v1/plans/${plan.id}/${action}`,
        {
          ...(action === 'reject' ? { reason: 'no' } : {}),
        },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
      expect(refused.body.error.message).toContain(`Only a person can ${action} a plan`);
    }
  });

  it('refuses items whose work unit or dependency is left out, naming them, and writes nothing', async () => {
    const plan = await propose(fixture.member, { title: 'Partial', items: checkoutItems() });
    const before = await countsOf(fixture.project);
    const refused = await call(fixture.member, 'POST', `/api/v1/plans/${plan.id}/accept`, { items: ['T2'] });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('PLAN_ITEMS_REFUSED');
    expect(refused.body.error.message).toContain('T2 needs its work unit W1 and T1, which it depends on');
    expect(refused.body.error.details.refused).toEqual([{ key: 'T2', parent: 'W1', dependsOn: ['T1'] }]);
    expect(await countsOf(fixture.project)).toEqual(before);
    const unknown = await call(fixture.member, 'POST', `/api/v1/plans/${plan.id}/accept`, {
      items: ['NOPE'],
    });
    expect(unknown.status).toBe(400);
    expect(await countsOf(fixture.project)).toEqual(before);
    const read = await call(fixture.member, 'GET', `/api/v1/plans/${plan.id}`);
    expect(read.body).toMatchObject({ status: 'proposed', version: 1, acceptedCount: 0 });
  });

  it.each(PEOPLE)('%s accepts part, then the rest; twice changes nothing', async (_role, person) => {
    const plan = await propose(fixture.member, { title: 'Accept me', items: checkoutItems() });
    const before = await countsOf(fixture.project);
    const part = await call(person(), 'POST', `/api/v1/plans/${plan.id}/accept`, {
      items: ['W1', 'T1', 'T3'],
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.created.map((entry: Json) => [entry.key, entry.kind])).toEqual([
      ['W1', 'work_unit'],
      ['T1', 'task'],
      ['T3', 'task'],
    ]);
    expect(part.body.plan).toMatchObject({ status: 'partially_accepted', acceptedCount: 3, version: 2 });
    const byKey = new Map<string, Json>(part.body.created.map((entry: Json) => [entry.key, entry]));
    const unit = await call(fixture.owner, 'GET', `/api/v1/work-units/${byKey.get('W1').id}`);
    expect(unit.body).toMatchObject({ title: 'Checkout', type: 'feature' });
    expect(unit.body.devInfo.plan).toEqual({ planId: plan.id, key: 'W1' });
    const t1 = await call(fixture.owner, 'GET', `/api/v1/tasks/${byKey.get('T1').reference}`);
    expect(t1.body).toMatchObject({
      title: 'Cart totals',
      priority: 'high',
      workUnitId: byKey.get('W1').id,
      acceptanceCriteria: [{ text: 'Totals match the invoice', checked: false }],
      devInfo: { plan: { planId: plan.id, key: 'T1' }, estimateHours: 4 },
    });
    const t3 = await call(fixture.owner, 'GET', `/api/v1/tasks/${byKey.get('T3').reference}`);
    expect(t3.body.assignee).toBe('backend-dev');

    const again = await call(person(), 'POST', `/api/v1/plans/${plan.id}/accept`, { items: ['W1', 'T1'] });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: [], skipped: ['W1', 'T1'] });
    expect(again.body.plan.version).toBe(2);

    const rest = await call(person(), 'POST', `/api/v1/plans/${plan.id}/accept`, {});
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.created.map((entry: Json) => entry.key)).toEqual(['T2']);
    expect(rest.body.skipped).toEqual(['W1', 'T1', 'T3']);
    expect(rest.body.plan).toMatchObject({ status: 'accepted', acceptedCount: 4 });
    const t2 = await call(fixture.owner, 'GET', `/api/v1/tasks/${rest.body.created[0].reference}`);
    expect(t2.body.blockedBy).toEqual([byKey.get('T1').id]);
    expect(t2.body.assigneeUser?.id).toBe(fixture.member.user.id);
    expect(rest.body.plan.items.find((item: Json) => item.key === 'T2').acceptedAs).toEqual({
      id: t2.body.id,
      key: t2.body.key,
    });

    const after = await countsOf(fixture.project);
    expect(after.tasks - before.tasks).toBe(3);
    expect(after.workUnits - before.workUnits).toBe(1);
    const log = await call(fixture.owner, 'GET', `/api/v1/activity?entityId=${plan.id}`);
    expect(log.body.items.map((event: Json) => event.action)).toEqual([
      'plan.accepted',
      'plan.accepted',
      'plan.created',
    ]);

    const twice = await call(person(), 'POST', `/api/v1/plans/${plan.id}/accept`, {});
    expect(twice.body).toMatchObject({ created: [], skipped: ['W1', 'T1', 'T2', 'T3'] });
    const reject = await call(person(), 'POST', `/api/v1/plans/${plan.id}/reject`, { reason: 'late' });
    expect(reject.status).toBe(409);
    expect(reject.body.error.code).toBe('PLAN_CLOSED');
    const revise = await call(person(), 'PATCH', `/api/v1/plans/${plan.id}`, { version: 3, title: 'x' });
    expect(revise.status).toBe(409);
  });

  it('nests work units as planned and keeps accepted items across revisions', async () => {
    const plan = await propose(fixture.owner, {
      title: 'Nested',
      items: [
        { key: 'E', kind: 'work_unit', title: 'Payments' },
        { key: 'F', kind: 'work_unit', parent: 'E', title: 'Cards' },
        { key: 'A', kind: 'task', parent: 'F', title: 'Tokenise' },
        { key: 'B', kind: 'task', parent: 'F', title: 'Charge', dependsOn: ['A'] },
        { key: 'C', kind: 'task', title: 'Announce', dependsOn: ['F'] },
      ],
    });
    const accepted = await call(fixture.owner, 'POST', `/api/v1/plans/${plan.id}/accept`, {
      items: ['E', 'F', 'A'],
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const [epic, feature] = accepted.body.created;
    const featureRead = await call(fixture.owner, 'GET', `/api/v1/work-units/${feature.id}`);
    expect(featureRead.body.parentWorkUnitId).toBe(epic.id);
    const epicRead = await call(fixture.owner, 'GET', `/api/v1/work-units/${epic.id}`);
    expect(epicRead.body.type).toBe('epic');

    const dropping = await call(fixture.owner, 'PATCH', `/api/v1/plans/${plan.id}`, {
      version: 2,
      items: [{ key: 'C', kind: 'task', title: 'Announce' }],
    });
    expect(dropping.status).toBe(400);
    expect(dropping.body.error.message).toContain(`E (accepted as ${epic.reference})`);

    const revised = await call(fixture.owner, 'PATCH', `/api/v1/plans/${plan.id}`, {
      version: 2,
      items: [
        { key: 'E', kind: 'work_unit', title: 'Payments' },
        { key: 'F', kind: 'work_unit', parent: 'E', title: 'Cards' },
        { key: 'A', kind: 'task', parent: 'F', title: 'Tokenise' },
        { key: 'B', kind: 'task', parent: 'F', title: 'Charge', dependsOn: ['A'] },
        { key: 'C', kind: 'task', title: 'Announce', dependsOn: ['F'] },
      ],
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    expect(revised.body).toMatchObject({ revision: 2, status: 'partially_accepted', acceptedCount: 3 });
    const rest = await call(fixture.owner, 'POST', `/api/v1/plans/${plan.id}/accept`, {});
    expect(rest.body.created.map((entry: Json) => entry.key)).toEqual(['B', 'C']);
    // C waits for the whole feature: every task inside it.
    const announce = await call(fixture.owner, 'GET', `/api/v1/tasks/${rest.body.created[1].reference}`);
    const taskIds = [accepted.body.created[2].id, rest.body.created[0].id];
    expect([...announce.body.blockedBy].sort()).toEqual([...taskIds].sort());
  });

  it.each(PEOPLE)('%s rejects a plan with a reason', async (_role, person) => {
    const plan = await propose(fixture.member, { title: 'Reject me', items: checkoutItems() });
    const empty = await call(person(), 'POST', `/api/v1/plans/${plan.id}/reject`, { reason: '' });
    expect(empty.status).toBe(400);
    const rejected = await call(person(), 'POST', `/api/v1/plans/${plan.id}/reject`, { reason: 'Too big' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Too big', version: 2 });
    const accept = await call(person(), 'POST', `/api/v1/plans/${plan.id}/accept`, {});
    expect(accept.status).toBe(409);
    expect(accept.body.error.code).toBe('PLAN_CLOSED');
  });

  it('accepts 500 items in one change', async () => {
    const items = largePlanItems();
    expect(items).toHaveLength(500);
    const plan = await propose(fixture.owner, { title: 'Big', items });
    const before = await countsOf(fixture.project);
    const started = Date.now();
    const accepted = await call(fixture.owner, 'POST', `/api/v1/plans/${plan.id}/accept`, {});
    const took = Date.now() - started;
    expect(accepted.status, JSON.stringify(accepted.body).slice(0, 500)).toBe(200);
    expect(accepted.body.created).toHaveLength(500);
    expect(accepted.body.plan.status).toBe('accepted');
    const after = await countsOf(fixture.project);
    expect(after.tasks - before.tasks).toBe(450);
    expect(after.workUnits - before.workUnits).toBe(50);
    // One change recorded per item, plus the plan's own, as if each had been created singly.
    expect(Number(after.lastActivity) - Number(before.lastActivity)).toBe(501);
    const log = await call(fixture.owner, 'GET', `/api/v1/activity?projectId=${fixture.project.id}&limit=2`);
    expect(log.body.items.map((event: Json) => event.action)).toEqual(['plan.accepted', 'task.created']);
    const created = accepted.body.created as Json[];
    const byKey = new Map<string, Json>(created.map((entry) => [entry.key, entry]));
    expect(log.body.items[1].data.task).toMatchObject({ id: byKey.get('W50T9').id, labels: [] });
    // Task numbers are consecutive in creation order, and a unit's tasks sit in plan order, each
    // waiting for the one before.
    const numbers = created
      .filter((entry) => entry.kind === 'task')
      .map((entry) => Number(String(entry.reference).split('-').at(-1)));
    expect(numbers).toEqual(numbers.map((_number, index) => (numbers[0] as number) + index));
    const unit = await call(fixture.owner, 'GET', `/api/v1/work-units/${byKey.get('W7').id}`);
    const tasks = unit.body.tasks as Json[];
    expect(tasks.map((task) => task.key)).toEqual(
      Array.from({ length: 9 }, (_unused, index) => byKey.get(`W7T${index + 1}`).reference),
    );
    expect(tasks.map((task) => task.blockedBy)).toEqual(
      tasks.map((_task, index) => (index === 0 ? [] : [tasks[index - 1]?.id])),
    );
    expect(unit.body.progress.totalTasks).toBe(9);
    console.info(`[plans] accepted 500 items in ${took} ms`);
  }, 120_000);
});
