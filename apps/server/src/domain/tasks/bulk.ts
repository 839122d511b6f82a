import {
  type BulkRefusal,
  type BulkTaskAction,
  type BulkTasks,
  type BulkTasksResult,
  LABELS_PER_TASK,
  type Task,
  type TaskDeletion,
} from '@switchboard/api-client/contract';
import { isErrorCode } from '@switchboard/api-client/errors';
import { asc, inArray } from 'drizzle-orm';
import { task } from '../../db/schema';
import type { ActingContext } from '../actor';
import { type RecordChange, runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import { assigneeColumns } from '../people/assignees';
import { findProject } from '../projects/lookup';
import type { DomainServices } from '../services';
import { labelsOfTasks } from './label-reads';
import { labelsByIds } from './labels';
import { moveTaskWithin } from './move';
import { deleteTaskWithin, updateTaskWithin } from './tasks';
import { findStatus, findTask, type TaskRow, toTask } from './views';

/** A named task as found: the reference the caller used and the row it named. */
interface Target {
  reference: string;
  row: TaskRow;
}

/** The action with what it names checked once for all tasks (the status exists, the agent's own spelling). */
type CheckedAction =
  | { type: 'move'; statusId: string }
  | { type: 'assign'; assignee: string | null; assigneeUserId: string | null }
  | { type: 'label'; add: string[]; remove: ReadonlySet<string> }
  | { type: 'delete' };

/** What one task's step did: its row after, or its deletion, or nothing when it already was as asked. */
type StepOutcome = { task: Task } | { deleted: TaskDeletion } | { unchanged: Task };

/**
 * Changes many tasks of one project at once, all or nothing: each task goes through the same step
 * a single change takes (claims, the review gate, blockers, versions, its own activity line and event),
 * inside one transaction. When any task is refused, nothing is written and the answer lists every
 * refused task with the code its single change would have answered.
 */
export async function bulkChangeTasks(
  services: DomainServices,
  context: ActingContext,
  projectId: string,
  input: BulkTasks,
): Promise<BulkTasksResult> {
  return runChange(services, context, async (tx, record, now) => {
    const project = await findProject(tx, context, projectId);
    const targets = await findTargets(tx, context, project, input.taskIds);
    const action = await checkAction(tx, context, project.id, input.action);
    await lockInIdOrder(tx, targets);
    const outcomes: StepOutcome[] = [];
    const refused: BulkRefusal[] = [];
    for (const target of targets) {
      try {
        outcomes.push(await applyStep(tx, record, now, context, target, action));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refused.push({
          task: target.reference,
          key: target.row.key,
          code: error.code,
          message: error.message,
        });
      }
    }
    if (refused.length > 0) throw refusal(refused);
    const items = outcomes.flatMap((outcome) =>
      'deleted' in outcome ? [] : ['task' in outcome ? outcome.task : outcome.unchanged],
    );
    // runChange gives every task answered here, unchanged ones included, its labels and assignee's name.
    return {
      items,
      deleted: outcomes.flatMap((outcome) => ('deleted' in outcome ? [outcome.deleted] : [])),
      changed: outcomes.filter((outcome) => !('unchanged' in outcome)).length,
    };
  });
}

/**
 * The named tasks, each once: any name that is no task of the organization answers TASK_NOT_FOUND
 * (404, as for a single task), a task of another project of it answers VALIDATION_FAILED naming it.
 */
async function findTargets(
  tx: Transaction,
  context: ActingContext,
  project: { id: string; key: string },
  references: string[],
): Promise<Target[]> {
  const targets: Target[] = [];
  const missing: BulkRefusal[] = [];
  const seen = new Set<string>();
  for (const reference of references) {
    try {
      const { task: row } = await findTask(tx, context, reference);
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      targets.push({ reference, row });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'TASK_NOT_FOUND') throw error;
      missing.push({ task: reference, code: error.code, message: error.message });
    }
  }
  if (missing.length > 0) {
    throw new AppError(
      'TASK_NOT_FOUND',
      `There is no task ${missing.map((item) => item.task).join(', ')} in this organization; nothing was changed.`,
      { refused: missing },
    );
  }
  const elsewhere = targets.flatMap((target) =>
    target.row.projectId === project.id
      ? []
      : [
          {
            code: 'custom',
            path: ['taskIds', references.indexOf(target.reference)],
            message: `${target.row.key} is not a task of project ${project.key}`,
          },
        ],
  );
  if (elsewhere.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `All tasks of one bulk change must belong to project ${project.key}: ${elsewhere.map((issue) => issue.message.split(' ')[0]).join(', ')} do not; nothing was changed.`,
      elsewhere,
    );
  }
  return targets;
}

async function checkAction(
  tx: Transaction,
  context: ActingContext,
  projectId: string,
  action: BulkTaskAction,
): Promise<CheckedAction> {
  if (action.type === 'move')
    return { type: 'move', statusId: (await findStatus(tx, projectId, action.statusId)).id };
  if (action.type === 'assign') {
    // The single edit's rule, once for all tasks: one kind of assignee, an agent or a member of the organization.
    const columns = await assigneeColumns(tx, context, action);
    return {
      type: 'assign',
      assignee: columns.assignee ?? null,
      assigneeUserId: columns.assigneeUserId ?? null,
    };
  }
  if (action.type === 'label') {
    // Every named label must be the organization's: refused once here rather than once per task.
    await labelsByIds(tx, context, [...(action.add ?? []), ...(action.remove ?? [])]);
    return { type: 'label', add: [...new Set(action.add ?? [])], remove: new Set(action.remove ?? []) };
  }
  return { type: 'delete' };
}

/**
 * Takes every named task's row lock up front, in id order: two bulk changes over overlapping tasks then
 * queue instead of each holding a lock the other waits for.
 */
async function lockInIdOrder(tx: Transaction, targets: Target[]): Promise<void> {
  const ids = targets.map((target) => target.row.id);
  await tx
    .select({ id: task.id })
    .from(task)
    .where(inArray(task.id, ids))
    .orderBy(asc(task.id))
    .for('update');
}

/** One task's step, with its version read under the lock (an earlier step may have changed it). */
async function applyStep(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  target: Target,
  action: CheckedAction,
): Promise<StepOutcome> {
  const { task: current } = await findTask(tx, context, target.row.id, { lock: true });
  if (action.type === 'delete') return deleteTaskWithin(tx, record, now, context, current.id, {});
  if (action.type === 'move') {
    if (current.statusId === action.statusId) return { unchanged: toTask(current, now) };
    const moved = await moveTaskWithin(tx, record, now, context, current.id, {
      version: current.version,
      statusId: action.statusId,
    });
    return { task: moved.task };
  }
  if (action.type === 'label') return labelStep(tx, record, now, context, current, action);
  if (current.assignee === action.assignee && current.assigneeUserId === action.assigneeUserId) {
    return { unchanged: toTask(current, now) };
  }
  const updated = await updateTaskWithin(tx, record, now, context, current.id, {
    version: current.version,
    // Naming one kind of assignee clears the other, as in a single edit; nobody clears both.
    ...(action.assigneeUserId
      ? { assigneeUserId: action.assigneeUserId }
      : action.assignee
        ? { assignee: action.assignee }
        : { assignee: null, assigneeUserId: null }),
  });
  return { task: updated };
}

/** A task's labels with some added and some taken away, written as its whole set as a single edit does. */
async function labelStep(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  context: ActingContext,
  current: TaskRow,
  action: Extract<CheckedAction, { type: 'label' }>,
): Promise<StepOutcome> {
  const before = ((await labelsOfTasks(tx, [current.id])).get(current.id) ?? []).map((label) => label.id);
  const after = [...new Set([...before, ...action.add])].filter((id) => !action.remove.has(id));
  const same = after.length === before.length && after.every((id) => before.includes(id));
  if (same) return { unchanged: toTask(current, now) };
  if (after.length > LABELS_PER_TASK) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${current.key} would carry ${after.length} labels; a task carries at most ${LABELS_PER_TASK}.`,
    );
  }
  const updated = await updateTaskWithin(tx, record, now, context, current.id, {
    version: current.version,
    labelIds: after,
  });
  return { task: updated };
}

/** One code when every refusal shares it (a caller may act on it as on a single change), else TASKS_REFUSED. */
function refusal(refused: BulkRefusal[]): AppError {
  const codes = new Set(refused.map((item) => item.code));
  const [only] = codes;
  const named = refused.map((item) => item.key ?? item.task).join(', ');
  const message = `${refused.length === 1 ? `${named} cannot be changed` : `${refused.length} tasks cannot be changed (${named})`}, so nothing was changed: ${refused[0]?.message ?? ''}`;
  const code = codes.size === 1 && isErrorCode(only) ? only : 'TASKS_REFUSED';
  return new AppError(code, message, { refused });
}
