import type { PlanWarning } from '@switchboard/api-client/contract';

/** Work units nest at most this deep (an epic holding features) before a plan reads as too deep. */
export const MAX_WORK_UNIT_DEPTH = 2;
/** A feature this small or large is usually split wrong: too thin to plan, too big to finish. */
export const MIN_FEATURE_TASKS = 3;
export const MAX_FEATURE_TASKS = 8;
/** A task estimated longer than a working day should be split. */
export const MAX_TASK_HOURS = 8;

/** An item as the warnings read it. */
export interface WarnedItem {
  key: string;
  kind: 'work_unit' | 'task';
  parent: string | null;
  estimateHours: number | null;
  assignee: string | null;
  assigneeUserId: string | null;
}

/**
 * Advice about a plan's shape, never a refusal: deep nesting, features with too few or too many
 * tasks, long tasks, and assignees nobody in the organization answers to. `knownAgents` holds the
 * organization's agent profile names in lower case.
 */
export function planWarnings(items: readonly WarnedItem[], knownAgents: ReadonlySet<string>): PlanWarning[] {
  const byKey = new Map(items.map((item) => [item.key, item]));
  const warnings: PlanWarning[] = [];
  const depthOf = (item: WarnedItem): number => {
    let depth = 0;
    const seen = new Set<string>();
    for (let up = item.parent; up && !seen.has(up); up = byKey.get(up)?.parent ?? null) {
      seen.add(up);
      depth += 1;
    }
    return depth;
  };
  for (const item of items) {
    if (item.kind === 'work_unit') {
      const depth = depthOf(item) + 1;
      if (depth > MAX_WORK_UNIT_DEPTH) {
        warnings.push({
          code: 'nesting_too_deep',
          itemKey: item.key,
          message: `${item.key} is work unit level ${depth}; plans read best with at most ${MAX_WORK_UNIT_DEPTH} levels`,
        });
      }
      const children = items.filter((other) => other.parent === item.key);
      // A work unit holding other work units is an epic; the task-count advice is about features.
      if (children.some((child) => child.kind === 'work_unit')) continue;
      const tasks = children.length;
      if (tasks < MIN_FEATURE_TASKS) {
        warnings.push({
          code: 'feature_too_small',
          itemKey: item.key,
          message: `${item.key} has ${tasks} task${tasks === 1 ? '' : 's'}; a feature usually has ${MIN_FEATURE_TASKS} to ${MAX_FEATURE_TASKS}`,
        });
      } else if (tasks > MAX_FEATURE_TASKS) {
        warnings.push({
          code: 'feature_too_large',
          itemKey: item.key,
          message: `${item.key} has ${tasks} tasks; a feature usually has ${MIN_FEATURE_TASKS} to ${MAX_FEATURE_TASKS}, consider splitting it`,
        });
      }
    } else if (item.estimateHours !== null && item.estimateHours > MAX_TASK_HOURS) {
      warnings.push({
        code: 'estimate_too_large',
        itemKey: item.key,
        message: `${item.key} is estimated at ${item.estimateHours} hours; split tasks longer than ${MAX_TASK_HOURS} hours`,
      });
    }
    if (item.assignee !== null && !item.assigneeUserId && !knownAgents.has(item.assignee.toLowerCase())) {
      warnings.push({
        code: 'unknown_assignee',
        itemKey: item.key,
        message: `${item.key} is for "${item.assignee}", who is neither an agent profile nor a member of this organization; it will be left unassigned`,
      });
    }
  }
  return warnings;
}
