import type { Task, TaskStatus, WorkUnit } from '@switchboard/api-client/contract';
import { compareSet } from '../../lib/due-dates';
import { PRIORITIES, PRIORITY_LABELS } from '../tasks/indicators';
import { compareInColumn } from '../tasks/tasks-board';
import type { ListGroup, ListSort, SortDirection } from '../tasks/tasks-filters';

/** One group of the list: a heading and its rows, in order. */
export interface TaskGroup {
  /** Stable across renders and unique in the list (collapsed groups are remembered by it). */
  key: string;
  label: string;
  tasks: Task[];
}

export interface GroupContext {
  statuses: readonly Pick<TaskStatus, 'id' | 'name'>[];
  workUnits: readonly Pick<WorkUnit, 'id' | 'slug' | 'title' | 'number'>[];
}

const PRIORITY_RANK: Record<Task['priority'], number> = { low: 0, medium: 1, high: 2 };

/** Who a task is assigned to, as a group and a cell show it: an agent, a member or nobody. */
export function assigneeOf(
  task: Pick<Task, 'assignee' | 'assigneeUser'>,
): { key: string; name: string } | null {
  if (task.assignee) return { key: `agent:${task.assignee.toLowerCase()}`, name: task.assignee };
  if (task.assigneeUser) return { key: `user:${task.assigneeUser.id}`, name: task.assigneeUser.name };
  return null;
}

/** Orders tasks by one column in ascending order; 0 for ties (and for board order). */
function compareBy(sort: ListSort | undefined, a: Task, b: Task): number {
  switch (sort) {
    case 'priority':
      return PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority];
    case 'updated':
      return a.updatedAt.localeCompare(b.updatedAt);
    case 'created':
      return a.createdAt.localeCompare(b.createdAt);
    case 'key':
      // Keys of one project share the prefix: the number orders them as people count.
      return a.number - b.number;
    case 'title':
      return a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true });
    default:
      return 0;
  }
}

/**
 * Orders tasks by one column; ties fall back to board order, so every sort is total. Tasks without a
 * due date or an estimate come after those with one, whichever way those columns sort.
 */
export function sortTasks(tasks: readonly Task[], sort: ListSort | undefined, dir: SortDirection): Task[] {
  const sign = dir === 'desc' ? -1 : 1;
  const byColumn = (a: Task, b: Task): number => {
    if (sort === 'due') return compareSet(a.dueDate, b.dueDate, sign);
    if (sort === 'estimate') return compareSet(a.estimate, b.estimate, sign);
    return sign * compareBy(sort, a, b);
  };
  return [...tasks].sort((a, b) => byColumn(a, b) || compareInColumn(a, b));
}

/**
 * The rows under their group headings. Groups come in a fixed order (statuses as on the board,
 * priorities high to low, names alphabetically) with the "none" group last; empty groups are left
 * out except statuses, which show as on the board.
 */
export function groupTasks(tasks: readonly Task[], group: ListGroup, context: GroupContext): TaskGroup[] {
  switch (group) {
    case 'status': {
      const byStatus = new Map<string, Task[]>(context.statuses.map((status) => [status.id, []]));
      for (const task of tasks) byStatus.get(task.statusId)?.push(task);
      return context.statuses.map((status) => ({
        key: `status:${status.id}`,
        label: status.name,
        tasks: byStatus.get(status.id) ?? [],
      }));
    }
    case 'priority':
      return PRIORITIES.map((priority) => ({
        key: `priority:${priority}`,
        label: PRIORITY_LABELS[priority],
        tasks: tasks.filter((task) => task.priority === priority),
      })).filter((entry) => entry.tasks.length > 0);
    case 'assignee':
      return bucket(tasks, 'assignee:none', 'Unassigned', (task) => {
        const assignee = assigneeOf(task);
        return assignee ? [{ key: `assignee:${assignee.key}`, label: assignee.name }] : [];
      });
    case 'label':
      return bucket(tasks, 'label:none', 'No label', (task) =>
        (task.labels ?? []).map((label) => ({ key: `label:${label.name.toLowerCase()}`, label: label.name })),
      );
    case 'workUnit': {
      const units = new Map(context.workUnits.map((unit) => [unit.id, unit]));
      const groups = bucket(tasks, 'workUnit:none', 'No work unit', (task) => {
        const unit = task.workUnitId ? units.get(task.workUnitId) : undefined;
        return unit ? [{ key: `workUnit:${unit.id}`, label: `${unit.slug} · ${unit.title}` }] : [];
      });
      // Work units in the order they were made (SWB-WU-2 before SWB-WU-10), not by their titles.
      const numberOf = (key: string) =>
        units.get(key.slice('workUnit:'.length))?.number ?? Number.MAX_SAFE_INTEGER;
      return groups.sort((a, b) => numberOf(a.key) - numberOf(b.key));
    }
  }
}

/** Tasks under every heading `headingsOf` names (a task may sit under several), the rest under "none". */
function bucket(
  tasks: readonly Task[],
  noneKey: string,
  noneLabel: string,
  headingsOf: (task: Task) => { key: string; label: string }[],
): TaskGroup[] {
  const groups = new Map<string, TaskGroup>();
  const none: TaskGroup = { key: noneKey, label: noneLabel, tasks: [] };
  for (const task of tasks) {
    const headings = headingsOf(task);
    if (headings.length === 0) none.tasks.push(task);
    for (const heading of headings) {
      const entry = groups.get(heading.key) ?? { ...heading, tasks: [] };
      entry.tasks.push(task);
      groups.set(heading.key, entry);
    }
  }
  const named = [...groups.values()].sort((a, b) =>
    a.label.localeCompare(b.label, undefined, { sensitivity: 'base', numeric: true }),
  );
  return none.tasks.length > 0 ? [...named, none] : named;
}

/** One line of the drawn list: a group heading, or a task under it. */
export type ListRow =
  | { type: 'group'; group: TaskGroup; collapsed: boolean }
  | { type: 'task'; task: Task; groupKey: string };

/** The lines to draw, sorted within groups; a collapsed group shows its heading only. */
export function listRows(
  groups: readonly TaskGroup[],
  sort: ListSort | undefined,
  dir: SortDirection,
  collapsed: ReadonlySet<string>,
): ListRow[] {
  return groups.flatMap((group): ListRow[] => {
    const closed = collapsed.has(group.key);
    const heading: ListRow = { type: 'group', group, collapsed: closed };
    if (closed) return [heading];
    return [
      heading,
      ...sortTasks(group.tasks, sort, dir).map(
        (task): ListRow => ({ type: 'task', task, groupKey: group.key }),
      ),
    ];
  });
}

/** The tasks in the order they are drawn, each once (a task under two labels counts where first seen). */
export function visibleOrder(rows: readonly ListRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) if (row.type === 'task') seen.add(row.task.id);
  return [...seen];
}
