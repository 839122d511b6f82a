import type { Task } from '@switchboard/api-client/contract';

// Only types from the contract: validateSearch runs in the entry chunk, which must not pull in zod.
export type Priority = Task['priority'];
const PRIORITY_VALUES: readonly Priority[] = ['low', 'medium', 'high'];

function isPriority(value: unknown): value is Priority {
  return PRIORITY_VALUES.some((priority) => priority === value);
}

export const BOARD_VIEWS = ['board', 'list', 'work-units', 'plan', 'activity'] as const;
export type BoardView = (typeof BOARD_VIEWS)[number];

/** What the list view groups its rows by; a task with two labels shows under both. */
export const LIST_GROUPS = ['status', 'assignee', 'label', 'workUnit', 'priority'] as const;
export type ListGroup = (typeof LIST_GROUPS)[number];
/** What the list view sorts the rows of a group by; absent means board order. */
export const LIST_SORTS = ['priority', 'due', 'estimate', 'updated', 'created', 'key', 'title'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** Stands for "tasks without a work unit" in the work-unit filter. */
export const NO_WORK_UNIT = 'none';
/** Stands for "tasks nobody is assigned to" in the assignee filter. */
export const UNASSIGNED = 'none';
/** Marks a person in the assignee filter (`user:<id>`); agent names cannot hold a colon. */
export const PERSON_ASSIGNEE_PREFIX = 'user:';

/** The board's URL search params: filters and the open tab. Absent means "all" / the board. */
export interface BoardSearch {
  /** Agent name (case-insensitive), `user:<id>` for a person, or `none`. */
  assignee?: string;
  priority?: Priority;
  /** Work unit id or `none`. */
  workUnit?: string;
  /** Text in the key, title or description. */
  q?: string;
  /** Label name (case-insensitive) or `none`. */
  label?: string;
  view?: Exclude<BoardView, 'board'>;
  /** The list view's grouping; absent means by status. */
  group?: Exclude<ListGroup, 'status'>;
  sort?: ListSort;
  /** Absent means ascending. */
  dir?: 'desc';
  /** The plan open in the plan view; absent means the newest open one. */
  plan?: string;
  /** The id of the saved view the page opened; the filters beside it say what it shows now. */
  savedView?: string;
  /** The key of the task open in the peek panel beside the board or list. */
  peek?: string;
}

const MAX_TEXT = 200;

/** The search params that hold free text: kept trimmed and cut to MAX_TEXT, dropped when empty. */
type TextParam = 'assignee' | 'workUnit' | 'q' | 'label' | 'plan' | 'savedView' | 'peek';

function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim().slice(0, MAX_TEXT);
  return trimmed === '' ? undefined : trimmed;
}

/**
 * validateSearch for the board. Lenient on purpose: a hand-edited or outdated link drops what it
 * cannot use instead of failing the page, and defaults are left out so URLs stay short.
 */
export function parseBoardSearch(raw: Record<string, unknown>): BoardSearch {
  const search: BoardSearch = {};
  const keepText = (key: TextParam) => {
    const value = text(raw[key]);
    if (value) search[key] = value;
  };
  keepText('assignee');
  if (isPriority(raw.priority)) search.priority = raw.priority;
  keepText('workUnit');
  keepText('q');
  keepText('label');
  const view = oneOf(BOARD_VIEWS, raw.view);
  if (view && view !== 'board') search.view = view;
  const group = oneOf(LIST_GROUPS, raw.group);
  if (group && group !== 'status') search.group = group;
  const sort = oneOf(LIST_SORTS, raw.sort);
  if (sort) search.sort = sort;
  if (raw.dir === 'desc') search.dir = 'desc';
  keepText('plan');
  keepText('savedView');
  keepText('peek');
  return search;
}

export type BoardFilters = Pick<BoardSearch, 'assignee' | 'priority' | 'workUnit' | 'q' | 'label'>;

export function hasFilters(filters: BoardFilters): boolean {
  return Boolean(filters.assignee || filters.priority || filters.workUnit || filters.q || filters.label);
}

/** Stands for "tasks without a label" in the label filter. */
export const NO_LABEL = 'none';

/** The same rules the API's list filters apply, so a realtime patch and a fresh fetch agree. */
export function matchesFilters(
  task: Pick<
    Task,
    'assignee' | 'assigneeUser' | 'priority' | 'workUnitId' | 'key' | 'title' | 'description' | 'labels'
  >,
  filters: BoardFilters,
): boolean {
  if (filters.label) {
    const labels = task.labels ?? [];
    if (filters.label === NO_LABEL) {
      if (labels.length > 0) return false;
    } else if (!labels.some((label) => label.name.toLowerCase() === filters.label?.toLowerCase()))
      return false;
  }
  if (filters.assignee) {
    if (filters.assignee === UNASSIGNED) {
      if (task.assignee || task.assigneeUser) return false;
    } else if (filters.assignee.startsWith(PERSON_ASSIGNEE_PREFIX)) {
      if (task.assigneeUser?.id !== filters.assignee.slice(PERSON_ASSIGNEE_PREFIX.length)) return false;
    } else if ((task.assignee ?? '').toLowerCase() !== filters.assignee.toLowerCase()) return false;
  }
  if (filters.priority && task.priority !== filters.priority) return false;
  if (filters.workUnit) {
    if (filters.workUnit === NO_WORK_UNIT) {
      if (task.workUnitId) return false;
    } else if (task.workUnitId !== filters.workUnit) return false;
  }
  if (filters.q) {
    const needle = filters.q.toLowerCase();
    const haystack = `${task.key}\n${task.title}\n${task.description}`.toLowerCase();
    if (!haystack.includes(needle)) return false;
  }
  return true;
}

/** The agent names on a project's tasks, sorted, for the assignee filter and suggestions. */
export function assigneesOf(tasks: readonly Pick<Task, 'assignee'>[]): string[] {
  const names = new Map<string, string>();
  for (const task of tasks) {
    if (task.assignee && !names.has(task.assignee.toLowerCase()))
      names.set(task.assignee.toLowerCase(), task.assignee);
  }
  return [...names.values()].sort((a, b) => a.localeCompare(b));
}

/** The label names on a project's tasks, sorted, for the label filter. */
export function labelNamesOf(tasks: readonly Pick<Task, 'labels'>[]): string[] {
  const names = new Map<string, string>();
  for (const task of tasks) {
    for (const label of task.labels ?? []) {
      if (!names.has(label.name.toLowerCase())) names.set(label.name.toLowerCase(), label.name);
    }
  }
  return [...names.values()].sort((a, b) => a.localeCompare(b));
}
