import type { StatusCategory, WorkUnitProgress } from '@switchboard/api-client/contract';

/** The little a work unit needs to know about each of its tasks, in board order. */
export interface ProgressTask {
  id: string;
  key: string;
  title: string;
  category: StatusCategory;
}

/** Keeps work agent-sized (flagged, never enforced): nest at most 2 levels; 3–8 tasks a feature. */
export const MAX_ADVISED_DEPTH = 2;
export const MAX_ADVISED_FEATURE_TASKS = 8;

/**
 * Progress is derived from the tasks on every read, never stored: a task counts as completed when its
 * status is in the done category; the current task is the first one (board order) in progress.
 */
export function deriveProgress(tasks: readonly ProgressTask[]): WorkUnitProgress {
  const completedTasks = tasks.filter((task) => task.category === 'done').length;
  const totalTasks = tasks.length;
  const current = tasks.find((task) => task.category === 'in_progress');
  return {
    completedTasks,
    totalTasks,
    percentage: totalTasks === 0 ? 0 : Math.round((completedTasks / totalTasks) * 100),
    currentTask: current ? { id: current.id, key: current.key, title: current.title } : null,
  };
}

/** How deep a unit sits: 0 at the top. A broken chain (a cycle) stops counting instead of looping. */
export function depthOf(id: string, parentOf: ReadonlyMap<string, string | null>): number {
  let depth = 0;
  const seen = new Set([id]);
  let parent = parentOf.get(id) ?? null;
  while (parent !== null && !seen.has(parent)) {
    depth += 1;
    seen.add(parent);
    parent = parentOf.get(parent) ?? null;
  }
  return depth;
}

export function adviceFor(unit: { type: string; depth: number; taskCount: number }): string[] {
  const warnings: string[] = [];
  if (unit.depth > MAX_ADVISED_DEPTH) {
    warnings.push(
      `Nested ${unit.depth} levels deep; the advice is to nest work units at most ${MAX_ADVISED_DEPTH} levels.`,
    );
  }
  if (unit.type === 'feature' && unit.taskCount > MAX_ADVISED_FEATURE_TASKS) {
    warnings.push(`Features hold 3–8 tasks; this one has ${unit.taskCount}. Consider splitting it.`);
  }
  return warnings;
}
