import { describe, expect, it } from 'vitest';
import { adviceFor, depthOf, deriveProgress, type ProgressTask } from './progress';

const task = (key: string, category: ProgressTask['category']): ProgressTask => ({
  id: `id-${key}`,
  key,
  title: `Title ${key}`,
  category,
});

describe('deriveProgress', () => {
  it('is empty and 0 % without tasks', () => {
    expect(deriveProgress([])).toEqual({
      completedTasks: 0,
      totalTasks: 0,
      percentage: 0,
      currentTask: null,
    });
  });

  it('counts done-category tasks, rounds the percentage and picks the first task in progress', () => {
    const progress = deriveProgress([
      task('A-1', 'done'),
      task('A-2', 'review'),
      task('A-3', 'in_progress'),
      task('A-4', 'in_progress'),
      task('A-5', 'todo'),
      task('A-6', 'todo'),
    ]);
    expect(progress).toEqual({
      completedTasks: 1,
      totalTasks: 6,
      percentage: 17,
      currentTask: { id: 'id-A-3', key: 'A-3', title: 'Title A-3' },
    });
  });

  it('reaches 100 % when every task is done', () => {
    expect(deriveProgress([task('A-1', 'done'), task('A-2', 'done')]).percentage).toBe(100);
    expect(deriveProgress([task('A-1', 'done'), task('A-2', 'todo'), task('A-3', 'todo')]).percentage).toBe(
      33,
    );
  });
});

describe('depthOf', () => {
  const parents = new Map<string, string | null>([
    ['top', null],
    ['child', 'top'],
    ['grandchild', 'child'],
    ['deep', 'grandchild'],
  ]);

  it('counts the parents up to the top', () => {
    expect(depthOf('top', parents)).toBe(0);
    expect(depthOf('child', parents)).toBe(1);
    expect(depthOf('deep', parents)).toBe(3);
  });

  it('stops on a cycle instead of looping', () => {
    const cycle = new Map([
      ['a', 'b'],
      ['b', 'a'],
    ]);
    expect(depthOf('a', cycle)).toBe(1);
  });
});

describe('adviceFor', () => {
  it('says nothing within the advice', () => {
    expect(adviceFor({ type: 'feature', depth: 2, taskCount: 8 })).toEqual([]);
    expect(adviceFor({ type: 'epic', depth: 0, taskCount: 40 })).toEqual([]);
  });

  it('flags nesting deeper than 2 levels and features with more than 8 tasks', () => {
    const warnings = adviceFor({ type: 'feature', depth: 3, taskCount: 9 });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/at most 2 levels/);
    expect(warnings[1]).toMatch(/Features hold 3–8 tasks; this one has 9/);
  });
});
