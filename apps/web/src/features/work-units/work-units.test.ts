import { describe, expect, it } from 'vitest';
import { makeWorkUnit } from '../../testing/api-fixtures';
import {
  buildWorkUnitTree,
  daysUntil,
  descendantsOf,
  dueLabel,
  statusChoices,
  workUnitsDue,
} from './work-units';

describe('work unit tree', () => {
  const units = [
    makeWorkUnit({ id: 'c', number: 3, parentWorkUnitId: 'a' }),
    makeWorkUnit({ id: 'a', number: 1 }),
    makeWorkUnit({ id: 'b', number: 2, parentWorkUnitId: 'a' }),
    makeWorkUnit({ id: 'd', number: 4, parentWorkUnitId: 'b' }),
    makeWorkUnit({ id: 'orphan', number: 5, parentWorkUnitId: 'gone' }),
  ];

  it('nests children under parents, each level by number, orphans at the top', () => {
    const tree = buildWorkUnitTree(units);
    expect(tree.map((node) => node.unit.id)).toEqual(['a', 'orphan']);
    expect(tree[0]?.children.map((node) => node.unit.id)).toEqual(['b', 'c']);
    expect(tree[0]?.children[0]?.children.map((node) => node.unit.id)).toEqual(['d']);
  });

  it('finds a unit and everything below it (not valid parents for it)', () => {
    expect([...descendantsOf(units, 'a')].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect([...descendantsOf(units, 'd')]).toEqual(['d']);
  });
});

describe('work unit statuses', () => {
  it('offers the current status and the legal moves only', () => {
    expect(statusChoices('planning')).toEqual(['planning', 'in_progress', 'blocked', 'cancelled']);
    expect(statusChoices('completed')).toEqual(['completed', 'in_progress', 'planning']);
    expect(statusChoices('planning')).not.toContain('completed');
  });
});

describe('due dates', () => {
  const today = new Date(2026, 10, 21, 15, 30);

  it('counts calendar days from today', () => {
    expect(daysUntil('2026-11-21', today)).toBe(0);
    expect(daysUntil('2026-11-22', today)).toBe(1);
    expect(daysUntil('2026-11-18', today)).toBe(-3);
    expect(daysUntil('2026-12-05', today)).toBe(14);
  });

  it('lists open units overdue or due within 14 days, most urgent first', () => {
    const units = [
      makeWorkUnit({ id: 'late', number: 1, targetDate: '2026-11-10' }),
      makeWorkUnit({ id: 'soon', number: 2, targetDate: '2026-11-25' }),
      makeWorkUnit({ id: 'far', number: 3, targetDate: '2027-01-01' }),
      makeWorkUnit({ id: 'edge', number: 4, targetDate: '2026-12-05' }),
      makeWorkUnit({ id: 'none', number: 5 }),
      makeWorkUnit({ id: 'done', number: 6, targetDate: '2026-11-10', status: 'completed' }),
      makeWorkUnit({ id: 'dropped', number: 7, targetDate: '2026-11-22', status: 'cancelled' }),
    ];
    expect(workUnitsDue(units, today).map((entry) => [entry.unit.id, entry.days])).toEqual([
      ['late', -11],
      ['soon', 4],
      ['edge', 14],
    ]);
  });

  it('says it in words', () => {
    expect(dueLabel(-1)).toBe('overdue by 1 day');
    expect(dueLabel(-4)).toBe('overdue by 4 days');
    expect(dueLabel(0)).toBe('due today');
    expect(dueLabel(1)).toBe('due tomorrow');
    expect(dueLabel(9)).toBe('due in 9 days');
  });
});
