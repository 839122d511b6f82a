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
 * After the data changed, the selection follows its task within its column (the rows around it may
 * have moved). A task that left the column (moved by someone else, or gone) leaves the cursor where it
 * was, in its column, on the task now there: the person was looking at that column, not that task.
 * Only `follow`, the task this board itself just moved, is followed into another column.
 */
export function followSelection(
  selection: Selection,
  columns: readonly Column[],
  follow?: string,
): Selection {
  const rowIn = (column: number, taskId: string) =>
    columns[column]?.tasks.findIndex((task) => task.id === taskId) ?? -1;
  if (selection.taskId) {
    const row = rowIn(selection.column, selection.taskId);
    if (row !== -1) return { column: selection.column, row, taskId: selection.taskId };
  }
  if (follow) {
    for (const column of columns.keys()) {
      const row = rowIn(column, follow);
      if (row !== -1) return { column, row, taskId: follow };
    }
  }
  return at(columns, selection.column, selection.row);
}

/**
 * Lines the board needs besides the task rows: header, column borders and title, "+N more", error,
 * notice, keys, and one spare, since Ink clears the whole screen when its output fills it.
 */
const BOARD_CHROME_LINES = 9;
/** The details panel never takes more than this share of the screen, so the columns stay visible. */
const DETAILS_SHARE = 0.4;

/**
 * How the screen's rows are shared: task rows per column and the details panel's lines, so that
 * together they fit the terminal and the header is never pushed off the top of the screen.
 */
export function screenLayout(
  rows: number | undefined,
  detailsLines: number,
): { taskRows: number; detailsLines: number } {
  if (!rows) return { taskRows: 15, detailsLines };
  const details = Math.min(detailsLines, Math.max(0, Math.floor(rows * DETAILS_SHARE)));
  return { taskRows: Math.max(1, rows - BOARD_CHROME_LINES - details), detailsLines: details };
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
