import type { Task, TaskStatus } from '@switchboard/api-client/contract';

/** Everything the board shows: the project, its statuses (columns, in order) and its tasks. */
export interface BoardData {
  project: { id: string; key: string; name: string };
  statuses: TaskStatus[];
  tasks: Task[];
}

export interface Column {
  status: TaskStatus;
  tasks: Task[];
}

/** Where the keyboard is: a column, a row in it, and the task there (followed across refreshes). */
export interface Selection {
  column: number;
  row: number;
  taskId: string | undefined;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/** Statuses in their order, each with its tasks in board order (position, then number). */
export function columnsOf(data: BoardData): Column[] {
  return [...data.statuses]
    .sort((a, b) => a.position - b.position)
    .map((status) => ({
      status,
      tasks: data.tasks
        .filter((task) => task.statusId === status.id)
        .sort((a, b) => a.position - b.position || a.number - b.number),
    }));
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

function at(columns: readonly Column[], column: number, row: number): Selection {
  const c = clamp(column, 0, Math.max(0, columns.length - 1));
  const tasks = columns[c]?.tasks ?? [];
  const r = clamp(row, 0, Math.max(0, tasks.length - 1));
  return { column: c, row: r, taskId: tasks[r]?.id };
}

export const initialSelection = (columns: readonly Column[]): Selection => at(columns, 0, 0);

/** Arrow keys: left/right change column (keeping the row where possible), up/down the task. */
export function moveSelection(
  selection: Selection,
  columns: readonly Column[],
  direction: Direction,
): Selection {
  switch (direction) {
    case 'left':
      return at(columns, selection.column - 1, selection.row);
    case 'right':
      return at(columns, selection.column + 1, selection.row);
    case 'up':
      return at(columns, selection.column, selection.row - 1);
    case 'down':
      return at(columns, selection.column, selection.row + 1);
  }
}

/**
 * After the data changed (a task moved, live or by us), the selection follows its task to wherever it
 * is now; a task that is gone leaves the selection at the same place, clamped.
 */
export function followSelection(selection: Selection, columns: readonly Column[]): Selection {
  if (selection.taskId) {
    for (const [column, { tasks }] of columns.entries()) {
      const row = tasks.findIndex((task) => task.id === selection.taskId);
      if (row !== -1) return { column, row, taskId: selection.taskId };
    }
  }
  return at(columns, selection.column, selection.row);
}

/** The status a task moves to with `<` (-1) or `>` (+1), if there is one that way. */
export function neighbourStatus(
  columns: readonly Column[],
  column: number,
  step: -1 | 1,
): TaskStatus | undefined {
  return columns[column + step]?.status;
}

export function selectedTask(columns: readonly Column[], selection: Selection): Task | undefined {
  return columns[selection.column]?.tasks[selection.row];
}
