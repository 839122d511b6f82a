import type { TypedApi } from '@switchboard/api-client';
import type { MyWork, MyWorkTask, RealtimeEvent } from '@switchboard/api-client/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';
import { compareSet } from '../../lib/due-dates';

export const myWorkKeys = {
  all: ['my-work'] as const,
};

export function fetchMyWork(api: TypedApi, signal?: AbortSignal): Promise<MyWork> {
  return api.myWork.get({ signal });
}

/** The signed-in person's work in the active organization: their tasks, their agents', and questions. */
export const myWorkQueryOptions = (api: TypedApi) =>
  queryOptions({
    queryKey: myWorkKeys.all,
    queryFn: ({ signal }) => fetchMyWork(api, signal),
    retry: retryUnlessClientError,
  });

/** The page's two task sections: assigned to you, and to the agents you run. */
export function splitMyWork(tasks: readonly MyWorkTask[]): { assigned: MyWorkTask[]; agents: MyWorkTask[] } {
  return {
    assigned: tasks.filter((item) => item.reason === 'assigned'),
    agents: tasks.filter((item) => item.reason === 'agent'),
  };
}

/** Tasks by project, in the answer's order (by project key, then board order). */
export function byProject(
  tasks: readonly MyWorkTask[],
): { project: MyWorkTask['project']; tasks: MyWorkTask[] }[] {
  const groups = new Map<string, { project: MyWorkTask['project']; tasks: MyWorkTask[] }>();
  for (const item of tasks) {
    const group = groups.get(item.project.id) ?? { project: item.project, tasks: [] };
    group.tasks.push(item);
    groups.set(item.project.id, group);
  }
  return [...groups.values()];
}

/** How My work orders its tasks: absent means by project, then board order, as the answer comes. */
export const MY_WORK_SORTS = ['due', 'estimate'] as const;
export type MyWorkSort = (typeof MY_WORK_SORTS)[number];

/** validateSearch for My work: an unknown sort is dropped rather than failing the page. */
export function parseMyWorkSearch(raw: Record<string, unknown>): { sort?: MyWorkSort } {
  const sort = MY_WORK_SORTS.find((candidate) => candidate === raw.sort);
  return sort ? { sort } : {};
}

/**
 * The tasks in the order asked for: the soonest due first (overdue ones lead), or the largest estimate
 * first; tasks without one follow in the answer's order.
 */
export function sortMyWork(tasks: readonly MyWorkTask[], sort: MyWorkSort | undefined): MyWorkTask[] {
  if (!sort) return [...tasks];
  const order = new Map(tasks.map((item, index) => [item.task.id, index]));
  const byAnswer = (a: MyWorkTask, b: MyWorkTask) =>
    (order.get(a.task.id) ?? 0) - (order.get(b.task.id) ?? 0);
  return [...tasks].sort(
    (a, b) =>
      (sort === 'due'
        ? compareSet(a.task.dueDate, b.task.dueDate, 1)
        : compareSet(a.task.estimate, b.task.estimate, -1)) || byAnswer(a, b),
  );
}

/**
 * Changes that can add a task to someone's page or take one off it (an assignment, a move to done, an
 * agent taking work) and questions asked or answered. Whose work a change touches is decided by the
 * server (which agents your keys ran), so the page is read again rather than patched.
 */
const MAY_CHANGE_MY_WORK: ReadonlySet<RealtimeEvent['action']> = new Set([
  'task.created',
  'task.updated',
  'task.moved',
  'task.deleted',
  'task.claimed',
  'task.released',
  'task.lease_expired',
  'question.asked',
  'question.answered',
]);

/** A burst of changes (a bulk edit) reads the page once. */
export const MY_WORK_REFRESH_DELAY_MS = 250;

const pendingRefresh = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/** Reads My work again shortly after a change that may concern it; only an open page refetches. */
export function refreshMyWorkAfter(queryClient: QueryClient, event: RealtimeEvent): void {
  if (!MAY_CHANGE_MY_WORK.has(event.action)) return;
  clearTimeout(pendingRefresh.get(queryClient));
  pendingRefresh.set(
    queryClient,
    setTimeout(() => {
      pendingRefresh.delete(queryClient);
      void queryClient.invalidateQueries({ queryKey: myWorkKeys.all });
    }, MY_WORK_REFRESH_DELAY_MS),
  );
}
