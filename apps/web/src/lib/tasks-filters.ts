import type { Task } from '@switchboard/api-client/contract';

// Only types from the contract: validateSearch runs in the entry chunk, which must not pull in zod.
export type Priority = Task['priority'];
const PRIORITY_VALUES: readonly Priority[] = ['low', 'medium', 'high'];

function isPriority(value: unknown): value is Priority {
  return PRIORITY_VALUES.some((priority) => priority === value);
}

export const BOARD_VIEWS = ['board', 'work-units', 'activity'] as const;
export type BoardView = (typeof BOARD_VIEWS)[number];

/** Stands for "tasks without a work unit" in the work-unit filter. */
export const NO_WORK_UNIT = 'none';
/** Stands for "tasks nobody is assigned to" in the assignee filter. */
export const UNASSIGNED = 'none';

/** The board's URL search params: filters and the open tab. Absent means "all" / the board. */
export interface BoardSearch {
  /** Agent name (case-insensitive) or `none`. */
  assignee?: string;
  priority?: Priority;
  /** Work unit id or `none`. */
  workUnit?: string;
  /** Text in the key, title or description. */
  q?: string;
  view?: Exclude<BoardView, 'board'>;
}

const MAX_TEXT = 200;

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
  const assignee = text(raw.assignee);
  if (assignee) search.assignee = assignee;
  if (isPriority(raw.priority)) search.priority = raw.priority;
  const workUnit = text(raw.workUnit);
  if (workUnit) search.workUnit = workUnit;
  const q = text(raw.q);
  if (q) search.q = q;
  if (raw.view === 'work-units' || raw.view === 'activity') search.view = raw.view;
  return search;
}

export type BoardFilters = Pick<BoardSearch, 'assignee' | 'priority' | 'workUnit' | 'q'>;

export function hasFilters(filters: BoardFilters): boolean {
  return Boolean(filters.assignee || filters.priority || filters.workUnit || filters.q);
}

/** The same rules the API's list filters apply, so a realtime patch and a fresh fetch agree. */
export function matchesFilters(
  task: Pick<Task, 'assignee' | 'priority' | 'workUnitId' | 'key' | 'title' | 'description'>,
  filters: BoardFilters,
): boolean {
  if (filters.assignee) {
    if (filters.assignee === UNASSIGNED) {
      if (task.assignee) return false;
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
