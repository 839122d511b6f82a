import { type RuleSetRow, ruleSetOfProject } from '../../../domain/architecture/rule-sets';
import { findTask } from '../../../domain/tasks/views';
import type { ToolCall } from '../../tooling';

export const NO_RULE_SET =
  'This project has no rule set, so nothing is checked; an owner or admin chooses one in the project settings (PATCH /api/v1/projects/{id} with ruleSet).';

/** The rule set that applies: the task's project's when a task is named, else the session's project's. */
export async function ruleSetFor(call: ToolCall, task?: string): Promise<RuleSetRow | null> {
  const projectId = task
    ? (await findTask(call.services.db, call.caller.acting, task)).task.projectId
    : (await call.project()).id;
  return ruleSetOfProject(call.services.db, projectId);
}
