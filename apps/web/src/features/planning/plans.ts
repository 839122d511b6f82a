import type { TypedApi } from '@switchboard/api-client';
import {
  type AcceptPlan,
  authoredText,
  type CreatePlan,
  type Plan,
  type PlanAcceptance,
  type PlanItem,
  type PlanItemInput,
  type PlanMessage,
  type PlanSummary,
  type RealtimeEvent,
  type UpdatePlan,
} from '@switchboard/api-client/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';
import { EDITABLE_FIELDS } from './item-draft';

/** Every plan query sits under `plans`: a project's list, one plan (a revision of it), its messages. */
export const planKeys = {
  all: ['plans'] as const,
  list: (projectId: string) => ['plans', 'list', projectId] as const,
  detail: (planId: string) => ['plans', 'detail', planId] as const,
  revision: (planId: string, revision: number) => ['plans', 'detail', planId, revision] as const,
  messages: (planId: string) => ['plans', 'messages', planId] as const,
};

export const plansQueryOptions = (api: TypedApi, projectId: string) =>
  queryOptions({
    queryKey: planKeys.list(projectId),
    queryFn: async ({ signal }): Promise<PlanSummary[]> =>
      (await api.plans.list({ projectId, signal })).items,
    retry: retryUnlessClientError,
  });

/** The plan with its current items and warnings. */
export const planQueryOptions = (api: TypedApi, planId: string) =>
  queryOptions({
    queryKey: planKeys.detail(planId),
    queryFn: ({ signal }): Promise<Plan> => api.plans.get({ planId, signal }),
    retry: retryUnlessClientError,
  });

/** An earlier revision never changes, so it is read once. */
export const planRevisionQueryOptions = (api: TypedApi, planId: string, revision: number) =>
  queryOptions({
    queryKey: planKeys.revision(planId, revision),
    queryFn: ({ signal }): Promise<Plan> => api.plans.get({ planId, query: { revision }, signal }),
    retry: retryUnlessClientError,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const planMessagesQueryOptions = (api: TypedApi, planId: string) =>
  queryOptions({
    queryKey: planKeys.messages(planId),
    queryFn: async ({ signal }): Promise<PlanMessage[]> =>
      (await api.plans.messages({ planId, query: { limit: 500 }, signal })).items,
    retry: retryUnlessClientError,
  });

export function createPlan(api: TypedApi, projectId: string, body: CreatePlan): Promise<Plan> {
  return api.plans.create({ projectId, body });
}

export function updatePlan(api: TypedApi, planId: string, body: UpdatePlan): Promise<Plan> {
  return api.plans.update({ planId, body });
}

export function addPlanMessage(
  api: TypedApi,
  planId: string,
  body: { body: string; item?: string },
): Promise<PlanMessage> {
  return api.plans.addMessage({ planId, body });
}

export function acceptPlan(api: TypedApi, planId: string, body: AcceptPlan): Promise<PlanAcceptance> {
  return api.plans.accept({ planId, body });
}

export function rejectPlan(api: TypedApi, planId: string, reason: string): Promise<Plan> {
  return api.plans.reject({ planId, body: { reason } });
}

/** Adds a message to a cached conversation once, in time order (the poster's answer and its event both arrive). */
export function withMessage(messages: readonly PlanMessage[], message: PlanMessage): PlanMessage[] {
  if (messages.some((known) => known.id === message.id)) return [...messages];
  return [...messages, message].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}

/** Keeps the plan caches in step with the event stream: messages are appended, plans read again. */
export function applyPlanChange(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.action) {
    case 'plan_message.created':
      queryClient.setQueryData<PlanMessage[]>(planKeys.messages(event.data.planId), (messages) =>
        messages ? withMessage(messages, event.data.message) : messages,
      );
      break;
    case 'plan.created':
    case 'plan.updated':
    case 'plan.accepted':
    case 'plan.rejected':
      void queryClient.invalidateQueries({ queryKey: planKeys.list(event.data.plan.projectId) });
      void queryClient.invalidateQueries({ queryKey: planKeys.detail(event.entityId), exact: true });
      break;
  }
}

/** A work unit with the items it holds (work units nested in it, then tasks), in plan order. */
export interface PlanNode {
  item: PlanItem;
  children: PlanNode[];
}

/** The items as the tree people read: work units → tasks; items whose parent is missing sit at the top. */
export function planTree(items: readonly PlanItem[]): PlanNode[] {
  const nodes = new Map(items.map((item) => [item.key, { item, children: [] as PlanNode[] }]));
  const roots: PlanNode[] = [];
  for (const item of items) {
    const node = nodes.get(item.key);
    if (!node) continue;
    const parent = item.parent ? nodes.get(item.parent) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The keys of an item and everything nested in it. */
export function keysWithin(node: PlanNode): string[] {
  return [node.item.key, ...node.children.flatMap(keysWithin)];
}

/**
 * What a revision diff compares: an item's kind and place, then what a person may edit. The member's
 * id follows from the words in `assignee`, so it is not a change of its own.
 */
const COMPARED: readonly (keyof PlanItem)[] = [
  'kind',
  'parent',
  ...EDITABLE_FIELDS.filter((field) => field !== 'parent' && field !== 'assigneeUserId'),
];

export interface ItemChange {
  key: string;
  title: string;
  fields: string[];
}

export interface RevisionDiff {
  added: PlanItem[];
  removed: PlanItem[];
  changed: ItemChange[];
}

/** What a revision did to the items of the one before: items are matched by key. */
export function diffRevisions(before: readonly PlanItem[], after: readonly PlanItem[]): RevisionDiff {
  const earlier = new Map(before.map((item) => [item.key, item]));
  const later = new Set(after.map((item) => item.key));
  const changed: ItemChange[] = [];
  const added: PlanItem[] = [];
  for (const item of after) {
    const previous = earlier.get(item.key);
    if (!previous) {
      added.push(item);
      continue;
    }
    const fields = COMPARED.filter(
      (field) => JSON.stringify(previous[field]) !== JSON.stringify(item[field]),
    ).map(String);
    if (fields.length > 0) changed.push({ key: item.key, title: item.title, fields });
  }
  return { added, removed: before.filter((item) => !later.has(item.key)), changed };
}

/**
 * An item as an author writes it again, so edits made on the screen go back as a revision. A member is
 * named by e-mail, as authors name them (`emailOf` finds it); one no longer among the members is left
 * out, as accepting would leave them out too.
 */
export function toItemInput(
  item: PlanItem,
  emailOf: (userId: string) => string | undefined = () => undefined,
): PlanItemInput {
  const assignee = item.assigneeUserId ? emailOf(item.assigneeUserId) : item.assignee;
  return {
    ...authoredText(item),
    ...(item.priority ? { priority: item.priority } : {}),
    ...(item.estimateHours !== null ? { estimateHours: item.estimateHours } : {}),
    dependsOn: item.dependsOn,
    ...(assignee ? { assignee } : {}),
  };
}

/** Hours of the tasks under a node (a task counts its own). */
export function estimateOf(node: PlanNode): number {
  if (node.item.kind === 'task') return node.item.estimateHours ?? 0;
  return node.children.reduce((sum, child) => sum + estimateOf(child), 0);
}

/** Items that may still be accepted: not accepted before. */
export function openKeys(items: readonly PlanItem[]): string[] {
  return items.filter((item) => item.acceptedAs === null).map((item) => item.key);
}

/** People decide on a plan only while it is open. */
export function isOpenPlan(status: PlanSummary['status']): boolean {
  return status === 'draft' || status === 'proposed' || status === 'partially_accepted';
}

/**
 * The checked items after one is ticked or cleared, keeping a choice the server accepts: ticking an item
 * ticks its work units and what it depends on (a work unit, its items too); clearing one clears what
 * sits in it or depends on it.
 */
export function toggleChecked(
  items: readonly PlanItem[],
  checked: ReadonlySet<string>,
  key: string,
  on: boolean,
): Set<string> {
  const next = new Set(checked);
  const byKey = new Map(items.map((item) => [item.key, item]));
  const open = (candidate: string) => byKey.get(candidate)?.acceptedAs === null;
  if (on) {
    // A work unit ticked is taken whole: its items come with it.
    const within = (parent: string): string[] =>
      items.filter((item) => item.parent === parent).flatMap((item) => [item.key, ...within(item.key)]);
    const pending = [key, ...(byKey.get(key)?.kind === 'work_unit' ? within(key) : [])];
    while (pending.length > 0) {
      const current = byKey.get(pending.pop() ?? '');
      if (!current || next.has(current.key) || !open(current.key)) continue;
      next.add(current.key);
      if (current.parent) pending.push(current.parent);
      pending.push(...current.dependsOn);
    }
    return next;
  }
  const pending = [key];
  while (pending.length > 0) {
    const current = pending.pop() ?? '';
    if (!next.delete(current) && current !== key) continue;
    for (const item of items) {
      if (item.parent === current || item.dependsOn.includes(current)) pending.push(item.key);
    }
  }
  return next;
}
