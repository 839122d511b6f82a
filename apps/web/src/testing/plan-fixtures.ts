import type { PlanItem } from '@switchboard/api-client/contract';

/** A plan item as a plan answers it: a task at the top titled after its key; a test names what differs. */
export function makePlanItem(key: string, overrides: Partial<PlanItem> = {}): PlanItem {
  return {
    key,
    kind: 'task',
    parent: null,
    title: `Item ${key}`,
    description: '',
    acceptanceCriteria: [],
    priority: null,
    estimateHours: null,
    dependsOn: [],
    assignee: null,
    assigneeUserId: null,
    acceptedAs: null,
    ...overrides,
  };
}
