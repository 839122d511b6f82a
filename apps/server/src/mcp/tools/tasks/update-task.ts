import {
  type AcceptanceCriterion,
  mcpTaskArgument,
  mcpTaskReceiptSchema,
  mcpWorkUnitArgument,
  type UpdateTask,
  updateTaskSchema,
} from '@switchboard/api-client/contract';
import * as z from 'zod';
import { AppError } from '../../../domain/errors';
import { updateTask } from '../../../domain/tasks/tasks';
import { findTask } from '../../../domain/tasks/views';
import { assigneeParameter } from '../../parameters';
import { taskReceipt } from '../../task-answers';
import { defineTool, type ToolKit, withVersion } from '../../tooling';
import { labelNamesArgument } from '../labels';
import {
  assigneeUserArgument,
  assigneeUserIdOf,
  labelIdsOf,
  schedulingArguments,
  versionArgument,
} from './arguments';

/** Position (0 = first) or text; a plain number keeps the listing short, whole positions are checked when used. */
const criterionReference = z.union([z.number().min(0), z.string().trim().min(1)]);

/** Marks criteria checked or unchecked, named by position (0 = first) or by their text. */
function toggleCriteria(
  criteria: AcceptanceCriterion[],
  check: (number | string)[] = [],
  uncheck: (number | string)[] = [],
): AcceptanceCriterion[] {
  const next = criteria.map((criterion) => ({ ...criterion }));
  const indexOf = (reference: number | string): number => {
    if (typeof reference === 'number') {
      if (Number.isInteger(reference) && reference < next.length) return reference;
    } else {
      const wanted = reference.toLowerCase();
      const exact = next.findIndex((criterion) => criterion.text.toLowerCase() === wanted);
      if (exact !== -1) return exact;
      const partial = next.flatMap((criterion, index) =>
        criterion.text.toLowerCase().includes(wanted) ? [index] : [],
      );
      if (partial.length === 1 && partial[0] !== undefined) return partial[0];
    }
    const listed = next.map((criterion, index) => `${index}: ${criterion.text}`).join('; ');
    throw new AppError(
      'VALIDATION_FAILED',
      `No single acceptance criterion matches ${JSON.stringify(reference)}. The criteria are: ${listed || 'none'}.`,
    );
  };
  for (const reference of check) (next[indexOf(reference)] as AcceptanceCriterion).checked = true;
  for (const reference of uncheck) (next[indexOf(reference)] as AcceptanceCriterion).checked = false;
  return next;
}

/** devInfo from an agent is merged into what is stored; a key set to null is removed. */
function mergeDevInfo(stored: Record<string, unknown>, changes: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export function registerUpdateTask(kit: ToolKit): void {
  const assignee = assigneeParameter(kit.facts);

  defineTool(
    kit,
    {
      name: 'update-task',
      title: 'Update task',
      description:
        'Changes the given fields. check/uncheck tick criteria by index (0 = first) or text. devInfo holds executionPlan, testResults, filesChanged, commits.',
      input: updateTaskSchema
        .omit({ version: true, workUnitId: true, labelIds: true, assigneeUserId: true })
        .extend({
          assigneeUser: assigneeUserArgument.nullable().optional(),
          labels: labelNamesArgument.optional(),
          task: mcpTaskArgument,
          version: versionArgument,
          assignee: assignee.nullable().optional(),
          blockedBy: z
            .array(z.string().min(1).max(100))
            .max(100)
            .optional()
            .describe('Tasks to finish first'),
          devInfo: z
            .record(z.string(), z.unknown())
            .optional()
            .describe('Merged; a key set to null is removed'),
          workUnit: mcpWorkUnitArgument.nullable().optional(),
          check: z.array(criterionReference).max(100).optional(),
          uncheck: z.array(criterionReference).max(100).optional(),
          ...schedulingArguments,
        }),
      output: mcpTaskReceiptSchema,
      core: true,
      idempotent: true,
    },
    async ({ task, version, check, uncheck, devInfo, workUnit, labels, assigneeUser, ...changes }, call) => {
      // Names are checked before anything is written, so a wrong one changes nothing.
      const labelIds = labels ? await labelIdsOf(call, labels) : undefined;
      const assigneeUserId = await assigneeUserIdOf(call, assigneeUser);
      const updated = await withVersion(
        version,
        async () => (await findTask(call.services.db, call.caller.acting, task)).task,
        (current, read) => {
          const input: UpdateTask = { ...changes, version: read };
          if (workUnit !== undefined) input.workUnitId = workUnit;
          if (labelIds !== undefined) input.labelIds = labelIds;
          if (assigneeUserId !== undefined) input.assigneeUserId = assigneeUserId;
          if (check || uncheck) {
            input.acceptanceCriteria = toggleCriteria(
              changes.acceptanceCriteria ?? current.acceptanceCriteria,
              check,
              uncheck,
            );
          }
          if (devInfo) input.devInfo = mergeDevInfo(current.devInfo, devInfo);
          return updateTask(call.services, call.caller.acting, task, input);
        },
      );
      return taskReceipt(call, updated);
    },
  );
}
