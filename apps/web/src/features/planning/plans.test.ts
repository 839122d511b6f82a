import type { PlanMessage, RealtimeEvent } from '@switchboard/api-client/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makePlanItem } from '../../testing/plan-fixtures';
import {
  applyPlanChange,
  diffRevisions,
  estimateOf,
  planKeys,
  planTree,
  toggleChecked,
  toItemInput,
  withMessage,
} from './plans';

const plan = [
  makePlanItem('W1', { kind: 'work_unit' }),
  makePlanItem('T1', { parent: 'W1', estimateHours: 2 }),
  makePlanItem('T2', { parent: 'W1', dependsOn: ['T1'], estimateHours: 3 }),
  makePlanItem('W2', { kind: 'work_unit' }),
  makePlanItem('T3', { parent: 'W2', dependsOn: ['T2'] }),
  makePlanItem('T4', { parent: 'W2' }),
];

describe('planTree', () => {
  it('nests tasks in their work units, in plan order, and sums the estimates', () => {
    const tree = planTree(plan);
    expect(tree.map((node) => node.item.key)).toEqual(['W1', 'W2']);
    expect(tree[0]?.children.map((node) => node.item.key)).toEqual(['T1', 'T2']);
    expect(tree[0] && estimateOf(tree[0])).toBe(5);
  });

  it('keeps an item whose parent is missing at the top', () => {
    expect(planTree([makePlanItem('T9', { parent: 'W9' })]).map((node) => node.item.key)).toEqual(['T9']);
  });
});

describe('toggleChecked', () => {
  const all = new Set(plan.map((entry) => entry.key));

  it('clearing an item clears what sits in it and what depends on it', () => {
    expect([...toggleChecked(plan, all, 'T1', false)].sort()).toEqual(['T4', 'W1', 'W2']);
    expect([...toggleChecked(plan, all, 'W2', false)].sort()).toEqual(['T1', 'T2', 'W1']);
  });

  it('ticking an item ticks its work unit and what it depends on; a work unit comes whole', () => {
    expect([...toggleChecked(plan, new Set(), 'T3', true)].sort()).toEqual(['T1', 'T2', 'T3', 'W1', 'W2']);
    expect([...toggleChecked(plan, new Set(), 'W2', true)].sort()).toEqual([
      'T1',
      'T2',
      'T3',
      'T4',
      'W1',
      'W2',
    ]);
  });

  it('never ticks an item accepted before', () => {
    const accepted = plan.map((entry) =>
      entry.key === 'W1' ? { ...entry, acceptedAs: { id: 'u1', key: 'SWB-WU-1' } } : entry,
    );
    expect([...toggleChecked(accepted, new Set(), 'T1', true)]).toEqual(['T1']);
  });
});

describe('diffRevisions', () => {
  it('names the items added, removed and changed (with the fields)', () => {
    const next = [...plan.filter((entry) => entry.key !== 'T4'), makePlanItem('T5', { parent: 'W2' })].map(
      (entry) => (entry.key === 'T2' ? { ...entry, title: 'Renamed', estimateHours: 1 } : entry),
    );
    const diff = diffRevisions(plan, next);
    expect(diff.added.map((entry) => entry.key)).toEqual(['T5']);
    expect(diff.removed.map((entry) => entry.key)).toEqual(['T4']);
    expect(diff.changed).toEqual([{ key: 'T2', title: 'Renamed', fields: ['title', 'estimateHours'] }]);
  });
});

describe('withMessage and toItemInput', () => {
  const message = (id: string, createdAt: string): PlanMessage => ({
    id,
    planId: 'p',
    itemKey: null,
    author: { type: 'user', id: 'u', name: 'Ada' },
    body: id,
    createdAt,
  });

  it('adds a message once, in time order', () => {
    const first = message('a', '2026-01-01T00:00:01Z');
    const second = message('b', '2026-01-01T00:00:02Z');
    const both = withMessage([second], first);
    expect(both.map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(withMessage(both, first)).toHaveLength(2);
  });

  it('writes an item back without the fields the server fills in', () => {
    expect(toItemInput(makePlanItem('T1', { parent: 'W1', estimateHours: 2 }))).toEqual({
      key: 'T1',
      kind: 'task',
      parent: 'W1',
      title: 'Item T1',
      description: '',
      acceptanceCriteria: [],
      estimateHours: 2,
      dependsOn: [],
    });
  });

  it('names a member assignee by e-mail, an agent by name, and leaves out a member no longer known', () => {
    const emails = new Map([['u1', 'ada@example.com']]);
    const emailOf = (userId: string) => emails.get(userId);
    expect(toItemInput(makePlanItem('T1', { assigneeUserId: 'u1' }), emailOf).assignee).toBe(
      'ada@example.com',
    );
    expect(toItemInput(makePlanItem('T1', { assignee: 'builder' }), emailOf).assignee).toBe('builder');
    expect(toItemInput(makePlanItem('T1', { assigneeUserId: 'gone' }), emailOf)).not.toHaveProperty(
      'assignee',
    );
  });
});

describe('applyPlanChange', () => {
  const message: PlanMessage = {
    id: 'm2',
    planId: 'p1',
    itemKey: 'T3',
    author: { type: 'agent', id: null, name: 'planner' },
    body: 'Revised T3',
    createdAt: '2026-01-01T00:00:02Z',
  };
  const envelope = {
    id: '7',
    organizationId: 'o1',
    projectId: 'r1',
    actor: { type: 'agent', id: null, name: 'planner' },
    summary: 'wrote on plan',
    createdAt: '2026-01-01T00:00:02Z',
  };

  it('appends a new message to the cached conversation once', () => {
    const queryClient = new QueryClient();
    const first = { ...message, id: 'm1', createdAt: '2026-01-01T00:00:01Z' };
    queryClient.setQueryData(planKeys.messages('p1'), [first]);
    const event = {
      ...envelope,
      action: 'plan_message.created',
      entity: 'plan_message',
      entityId: 'm2',
      data: { planId: 'p1', message },
    } as unknown as RealtimeEvent;
    applyPlanChange(queryClient, event);
    applyPlanChange(queryClient, event);
    expect(
      queryClient.getQueryData<PlanMessage[]>(planKeys.messages('p1'))?.map((entry) => entry.id),
    ).toEqual(['m1', 'm2']);
  });

  it('marks the plan and its project’s list stale on a plan change, leaving earlier revisions alone', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(planKeys.list('r1'), []);
    queryClient.setQueryData(planKeys.detail('p1'), { id: 'p1' });
    queryClient.setQueryData(planKeys.revision('p1', 1), { id: 'p1' });
    applyPlanChange(queryClient, {
      ...envelope,
      action: 'plan.updated',
      entity: 'plan',
      entityId: 'p1',
      data: { version: 2, plan: { projectId: 'r1' }, fields: ['items'] },
    } as unknown as RealtimeEvent);
    expect(queryClient.getQueryState(planKeys.list('r1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(planKeys.detail('p1'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(planKeys.revision('p1', 1))?.isInvalidated).toBe(false);
  });
});
