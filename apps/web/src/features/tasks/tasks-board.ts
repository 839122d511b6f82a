import type { Task, TaskStatus } from '@switchboard/api-client/contract';

/**
 * Board order (the same as the server's): by status position, then the task's fractional position, then
 * its number, so the order is total and every browser draws the same board.
 */
export function compareInColumn(a: Pick<Task, 'position' | 'number'>, b: Pick<Task, 'position' | 'number'>) {
  return a.position - b.position || a.number - b.number;
}

/** The column of each status, in status order, cards in board order. Tasks of unknown statuses are left out. */
export function groupByStatus<T extends Pick<Task, 'statusId' | 'position' | 'number'>>(
  tasks: readonly T[],
  statuses: readonly Pick<TaskStatus, 'id'>[],
): Map<string, T[]> {
  const columns = new Map<string, T[]>(statuses.map((status) => [status.id, []]));
  for (const task of tasks) columns.get(task.statusId)?.push(task);
  for (const column of columns.values()) column.sort(compareInColumn);
  return columns;
}

/**
 * A position strictly between two neighbours' (either may be missing: the top or the end of a column).
 * Positions are fractional, so a card moves with one write and nobody else is renumbered.
 */
export function positionBetween(before: number | undefined, after: number | undefined): number {
  if (before === undefined && after === undefined) return 1;
  if (before === undefined) return (after as number) - 1;
  if (after === undefined) return Math.floor(before) + 1;
  if (after <= before) return before;
  const middle = before + (after - before) / 2;
  // Doubles run out of room after ~50 halvings of one gap; past that the card sits on a neighbour's
  // position and the number breaks the tie, which keeps the order stable if not exact.
  return middle > before && middle < after ? middle : before;
}

/**
 * Where a card lands when dropped at `index` of a column (0 = top). `column` is the column's cards in
 * board order; the moving card itself is ignored if it is there, so indexes mean "among the others".
 */
export function positionAt(
  column: readonly Pick<Task, 'id' | 'position'>[],
  movingId: string,
  index: number,
): number {
  const others = column.filter((task) => task.id !== movingId);
  const clamped = Math.max(0, Math.min(index, others.length));
  return positionBetween(others[clamped - 1]?.position, others[clamped]?.position);
}

/** The tasks with one moved (optimistically, before the server answers). */
export function withMove<T extends Task>(
  tasks: readonly T[],
  taskId: string,
  statusId: string,
  position: number,
): T[] {
  return tasks.map((task) => (task.id === taskId ? { ...task, statusId, position } : task));
}

/**
 * The list with `task` in it: replaced when it is there (unless the cached copy is newer — an event can
 * arrive after the answer it describes), added otherwise.
 */
export function upsertTask(tasks: readonly Task[], task: Task): Task[] {
  const index = tasks.findIndex((candidate) => candidate.id === task.id);
  if (index === -1) return [...tasks, task];
  const current = tasks[index];
  if (current && current.version > task.version) return tasks as Task[];
  const next = [...tasks];
  next[index] = task;
  return next;
}

export function removeTask(tasks: readonly Task[], taskId: string): Task[] {
  return tasks.some((task) => task.id === taskId)
    ? tasks.filter((task) => task.id !== taskId)
    : (tasks as Task[]);
}
