import type { Task } from '../contract/tasks';

/** A task shaped like the API's answer, for tests; only what a test cares about needs saying. */
export function makeTask(overrides: Partial<Task> & Pick<Task, 'id'>): Task {
  const number = overrides.number ?? 1;
  return {
    projectId: 'p1',
    workUnitId: null,
    number,
    key: `SWB-${number}`,
    title: `Task ${number}`,
    description: '',
    assignee: null,
    acceptanceCriteria: [],
    statusId: 'todo',
    position: number,
    priority: 'medium',
    dueDate: null,
    estimate: null,
    blockedBy: [],
    claim: null,
    usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 },
    devInfo: {},
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
