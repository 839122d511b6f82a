import { describe, expect, it } from 'vitest';
import { hasDevInfo, readDevInfo } from './tasks-devinfo';

describe('readDevInfo', () => {
  it('reads the shape the docs suggest', () => {
    const view = readDevInfo({
      executionPlan: '1. schema 2. route',
      progress: { completedTasks: 2, totalTasks: 4, currentTask: { key: 'SWB-3', title: 'Route' } },
      testResults: {
        unit: { passed: 42, failed: 0, coverage: 87 },
        e2e: { passed: 3, failed: 1 },
        other: { passed: 1 },
      },
      filesChanged: ['a.ts', { path: 'b.ts' }, 3],
      commits: ['4f2a9c1', { sha: 'abc', message: 'fix' }],
      blockers: ['waiting for review', { description: 'flaky CI' }],
      notes: 'retried once',
    });
    expect(view.progress).toEqual({ completed: 2, total: 4, percentage: 50, current: 'SWB-3 Route' });
    expect(view.testResults).toEqual({
      unit: { passed: 42, failed: 0, coverage: 87 },
      e2e: { passed: 3, failed: 1 },
    });
    expect(view.filesChanged).toEqual(['a.ts', 'b.ts']);
    expect(view.commits).toEqual([{ sha: '4f2a9c1' }, { sha: 'abc', message: 'fix', url: undefined }]);
    expect(view.blockers).toEqual(['waiting for review', 'flaky CI']);
    expect(view.notes).toBe('retried once');
    expect(hasDevInfo(view)).toBe(true);
  });

  it('skips what it does not recognise, part by part', () => {
    const view = readDevInfo({
      testResults: 'green',
      commits: 5,
      blockers: [1, 2],
      progress: { percentage: 300 },
    });
    expect(view.testResults).toEqual({});
    expect(view.commits).toEqual([]);
    expect(view.blockers).toEqual([]);
    expect(view.progress).toBeUndefined();
    expect(hasDevInfo(readDevInfo({}))).toBe(false);
  });
});
