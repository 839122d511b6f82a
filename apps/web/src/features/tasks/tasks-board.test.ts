import { describe, expect, it } from 'vitest';
import { makeTask } from '../../testing/api-fixtures';
import { groupByStatus, positionAt, positionBetween, removeTask, upsertTask, withMove } from './tasks-board';

describe('board ordering', () => {
  it('groups by status in board order: position, then number', () => {
    const tasks = [
      makeTask({ id: 'a', number: 1, position: 2 }),
      makeTask({ id: 'b', number: 2, position: 1 }),
      makeTask({ id: 'c', number: 3, position: 1 }),
      makeTask({ id: 'd', number: 4, statusId: 'done', position: 5 }),
      makeTask({ id: 'e', number: 5, statusId: 'unknown' }),
    ];
    const columns = groupByStatus(tasks, [{ id: 'todo' }, { id: 'done' }, { id: 'review' }]);
    expect(columns.get('todo')?.map((task) => task.id)).toEqual(['b', 'c', 'a']);
    expect(columns.get('done')?.map((task) => task.id)).toEqual(['d']);
    expect(columns.get('review')).toEqual([]);
    expect(columns.has('unknown')).toBe(false);
  });

  it('finds a position strictly between neighbours, or past either end', () => {
    expect(positionBetween(undefined, undefined)).toBe(1);
    expect(positionBetween(undefined, 3)).toBe(2);
    expect(positionBetween(undefined, 0.5)).toBe(-0.5);
    expect(positionBetween(3, undefined)).toBe(4);
    expect(positionBetween(3.75, undefined)).toBe(4);
    expect(positionBetween(1, 2)).toBe(1.5);
    expect(positionBetween(1, 1.5)).toBe(1.25);
  });

  it('keeps finding room through many insertions at the same spot', () => {
    let after = 2;
    for (let i = 0; i < 40; i++) {
      const next = positionBetween(1, after);
      expect(next).toBeGreaterThan(1);
      expect(next).toBeLessThan(after);
      after = next;
    }
  });

  it('falls back to the neighbour when doubles run out, never outside the gap', () => {
    const a = 1;
    const b = 1 + Number.EPSILON;
    expect(positionBetween(a, b)).toBe(a);
    expect(positionBetween(2, 2)).toBe(2);
  });

  it("places a dropped card among the column's other cards", () => {
    const column = [
      makeTask({ id: 'a', position: 1 }),
      makeTask({ id: 'b', position: 2 }),
      makeTask({ id: 'c', position: 3 }),
    ];
    expect(positionAt(column, 'x', 0)).toBe(0);
    expect(positionAt(column, 'x', 1)).toBe(1.5);
    expect(positionAt(column, 'x', 3)).toBe(4);
    expect(positionAt(column, 'x', 99)).toBe(4);
    // Moving a down one place within its own column: between b and c.
    expect(positionAt(column, 'a', 1)).toBe(2.5);
    expect(positionAt([], 'a', 0)).toBe(1);
  });

  it('moves, upserts by version and removes', () => {
    const tasks = [makeTask({ id: 'a', version: 2 }), makeTask({ id: 'b', number: 2 })];
    expect(withMove(tasks, 'a', 'done', 7)[0]).toMatchObject({ statusId: 'done', position: 7 });
    expect(upsertTask(tasks, makeTask({ id: 'a', version: 1, title: 'old' }))).toBe(tasks);
    expect(upsertTask(tasks, makeTask({ id: 'a', version: 3, title: 'new' }))[0]?.title).toBe('new');
    expect(upsertTask(tasks, makeTask({ id: 'c', number: 3 }))).toHaveLength(3);
    expect(removeTask(tasks, 'a').map((task) => task.id)).toEqual(['b']);
    expect(removeTask(tasks, 'zzz')).toBe(tasks);
  });
});
