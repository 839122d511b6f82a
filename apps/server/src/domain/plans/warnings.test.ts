import { describe, expect, it } from 'vitest';
import { planWarnings, type WarnedItem } from './warnings';

function item(key: string, kind: WarnedItem['kind'], parent: string | null, extra: Partial<WarnedItem> = {}) {
  return { key, kind, parent, estimateHours: null, assignee: null, assigneeUserId: null, ...extra };
}

function tasksOf(parent: string, count: number): WarnedItem[] {
  return Array.from({ length: count }, (_, index) => item(`${parent}T${index + 1}`, 'task', parent));
}

const codes = (items: WarnedItem[], agents: string[] = []) =>
  planWarnings(items, new Set(agents)).map((warning) => `${warning.code}:${warning.itemKey}`);

describe('plan warnings', () => {
  it('has nothing to say about a feature of three to eight tasks', () => {
    expect(codes([item('W1', 'work_unit', null), ...tasksOf('W1', 3)])).toEqual([]);
    expect(codes([item('W1', 'work_unit', null), ...tasksOf('W1', 8)])).toEqual([]);
  });

  it('flags features with fewer than three or more than eight tasks, not epics', () => {
    expect(codes([item('W1', 'work_unit', null), ...tasksOf('W1', 2)])).toEqual(['feature_too_small:W1']);
    expect(codes([item('W1', 'work_unit', null), ...tasksOf('W1', 9)])).toEqual(['feature_too_large:W1']);
    const epic = [item('E', 'work_unit', null), item('F', 'work_unit', 'E'), ...tasksOf('F', 4)];
    expect(codes(epic)).toEqual([]);
  });

  it('flags work units nested deeper than two levels', () => {
    const deep = [
      item('A', 'work_unit', null),
      item('B', 'work_unit', 'A'),
      item('C', 'work_unit', 'B'),
      ...tasksOf('C', 3),
    ];
    expect(codes(deep)).toEqual(['nesting_too_deep:C']);
  });

  it('flags tasks estimated over eight hours', () => {
    const items = [
      item('W1', 'work_unit', null),
      item('T1', 'task', 'W1', { estimateHours: 8 }),
      item('T2', 'task', 'W1', { estimateHours: 8.5 }),
      item('T3', 'task', 'W1'),
    ];
    expect(codes(items)).toEqual(['estimate_too_large:T2']);
  });

  it('flags assignees that are neither a known agent nor a resolved member', () => {
    const items = [
      item('T1', 'task', null, { assignee: 'Backend-Dev' }),
      item('T2', 'task', null, { assignee: 'ghost' }),
      item('T3', 'task', null, { assignee: 'ada@example.com', assigneeUserId: 'u1' }),
      item('T4', 'task', null, { assignee: 'nobody@example.com' }),
    ];
    expect(codes(items, ['backend-dev'])).toEqual(['unknown_assignee:T2', 'unknown_assignee:T4']);
  });
});
