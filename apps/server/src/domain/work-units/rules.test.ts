import { WORK_UNIT_TRANSITIONS, type WorkUnitStatus } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { assertCompletable, assertTransition, type CompletionTask, completionLeft } from './rules';

const STATUSES: WorkUnitStatus[] = ['planning', 'in_progress', 'blocked', 'completed', 'cancelled'];

function caught(run: () => void): AppError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return undefined;
}

describe('assertTransition', () => {
  it('allows exactly the transitions of the table, and staying put', () => {
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const legal = from === to || WORK_UNIT_TRANSITIONS[from].includes(to);
        expect(caught(() => assertTransition(from, to)) === undefined, `${from} → ${to}`).toBe(legal);
      }
    }
  });

  it('refuses planning → completed saying where it can go', () => {
    const error = caught(() => assertTransition('planning', 'completed'));
    expect(error?.code).toBe('INVALID_TRANSITION');
    expect(error?.details).toEqual({
      from: 'planning',
      to: 'completed',
      allowed: ['in_progress', 'blocked', 'cancelled'],
    });
  });
});

const task = (key: string, done: boolean, criteria: [string, boolean][] = []): CompletionTask => ({
  id: `id-${key}`,
  key,
  title: key,
  statusName: done ? 'Done' : 'Todo',
  done,
  acceptanceCriteria: criteria.map(([text, checked]) => ({ text, checked })),
});

describe('completion', () => {
  it('lists open tasks and unchecked criteria', () => {
    const left = completionLeft([
      task('A-1', true, [['works', true]]),
      task('A-2', false, [['fast', false]]),
      task('A-3', true, [['tested', false]]),
    ]);
    expect(left.openTasks).toEqual([{ id: 'id-A-2', key: 'A-2', title: 'A-2', status: 'Todo' }]);
    expect(left.uncheckedCriteria).toEqual([
      { taskId: 'id-A-2', key: 'A-2', text: 'fast' },
      { taskId: 'id-A-3', key: 'A-3', text: 'tested' },
    ]);
    const error = caught(() => assertCompletable('A-WU-1', left));
    expect(error?.code).toBe('INVALID_TRANSITION');
    expect(error?.message).toBe(
      'A-WU-1 cannot be completed yet: 1 task is not done (A-2) and 2 acceptance criteria are unchecked (in A-2, A-3).',
    );
  });

  it('passes when everything is done and checked, and with no tasks at all', () => {
    expect(
      caught(() => assertCompletable('A-WU-1', completionLeft([task('A-1', true, [['ok', true]])]))),
    ).toBeUndefined();
    expect(caught(() => assertCompletable('A-WU-1', completionLeft([])))).toBeUndefined();
  });
});
