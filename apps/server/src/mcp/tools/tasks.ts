import {
  type AcceptanceCriterion,
  createTaskSchema,
  estimateSchema,
  listTasksQuerySchema,
  mcpDevelopmentSchema,
  mcpDueDateArgument,
  mcpMoveReceiptSchema,
  mcpProjectArgument,
  mcpTaskArgument,
  mcpTaskReceiptSchema,
  mcpTaskSchema,
  mcpTaskSummarySchema,
  mcpWorkUnitArgument,
  taskDeletionSchema,
  type UpdateTask,
  updateTaskSchema,
  versionSchema,
} from '@switchboard/api-client/contract';
import * as z from 'zod';
import { linkPullRequest } from '../../domain/development/pull-request-links';
import { AppError } from '../../domain/errors';
import { completeTasks } from '../../domain/people/assignee-people';
import { ME, memberIdByEmail, personOf } from '../../domain/people/assignees';
import { labelsByNames } from '../../domain/tasks/labels';
import { moveTask } from '../../domain/tasks/move';
import { reorderTasks } from '../../domain/tasks/reorder';
import { createTask, deleteTask, updateTask } from '../../domain/tasks/tasks';
import { findTask, listTasks, toTask } from '../../domain/tasks/views';
import { findWorkUnitInProject } from '../../domain/work-units/views';
import { projectSentence, statusesSentence } from '../describe';
import { findStatusRef } from '../lookup';
import { assigneeParameter, statusParameter } from '../parameters';
import { developmentView, moveReceipt, summarizeTasks, taskReceipt, taskView } from '../task-answers';
import { defineTool, type ToolCall, type ToolKit, withVersion } from '../tooling';
import { labelNamesArgument } from './labels';

/** Position (0 = first) or text; a plain number keeps the listing short, whole positions are checked when used. */
const criterionReference = z.union([z.number().min(0), z.string().trim().min(1)]);
/** Shorter in the listing than the REST contract's version (an integer with its bounds); a wrong one conflicts. */
const versionArgument = z.number().min(1).optional().describe('Version you read; omit = current');

/**
 * A person as agents name them: a member's e-mail, exact but in any case. No e-mail format in the
 * schema: every session's tool list carries it, and the lookup refuses anything but a member's address.
 */
const assigneeUserArgument = z.string().trim().describe('Member e-mail; clears assignee');

/** A due date and an estimate as the task tools take them (their checks are the REST contract's). */
const schedulingArguments = {
  dueDate: mcpDueDateArgument.nullable().optional(),
  estimate: estimateSchema.nullable().optional(),
};

/** The person an e-mail names, as the user id a task write takes; anyone else is refused by name. */
async function assigneeUserIdOf(call: ToolCall, email: string | null | undefined) {
  if (email === undefined || email === null) return email;
  return memberIdByEmail(call.services.db, call.caller.acting, email, 'assigneeUser');
}

/** The person an agent works for: the member who made its API key. */
async function myselfOf(call: ToolCall): Promise<string> {
  const person = await personOf(call.services.db, call.caller.acting);
  if (!person)
    throw new AppError(
      'VALIDATION_FAILED',
      'assigneeUser: me means the person you work for, and this session acts for none.',
    );
  return person;
}

/** Label names as agents write them, as the ids a task write takes; an unknown name lists the real ones. */
async function labelIdsOf(call: ToolCall, names: readonly string[]): Promise<string[]> {
  return (await labelsByNames(call.services.db, call.caller.acting, names)).map((row) => row.id);
}

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

/** tasks: list, get, create, update, move, reorder, delete (get, update and move are core). */
export function registerTaskTools(kit: ToolKit): void {
  const { facts } = kit;
  const project = projectSentence(facts);
  const statuses = statusesSentence(facts);
  const assignee = assigneeParameter(facts);

  defineTool(
    kit,
    {
      name: 'list-tasks',
      title: 'List tasks',
      description: `Tasks in board order, filtered, 10 at a time; each a summary (get-task for the whole task). ${project}`,
      input: listTasksQuerySchema
        .omit({ statusId: true, limit: true, workUnitId: true, assigneeUserId: true })
        .extend({
          project: mcpProjectArgument.optional(),
          status: statusParameter(facts, 'Status').optional(),
          assignee: assignee.optional(),
          assigneeUser: z
            .union([z.literal(ME), assigneeUserArgument])
            .optional()
            .describe("Tasks assigned to this person: a member's e-mail, or me for the person you work for"),
          workUnit: mcpWorkUnitArgument.optional(),
          limit: z.number().int().min(1).max(100).default(10),
          offset: z.number().int().min(0).max(10_000).optional().describe('Skip this many (or use cursor)'),
        }),
      output: z.object({
        project: z.string(),
        items: z.array(mcpTaskSummarySchema),
        nextCursor: z.string().optional(),
        nextOffset: z.number().optional(),
      }),
      readOnly: true,
    },
    async ({ project: reference, status, limit, offset, workUnit, assigneeUser, ...query }, call) => {
      if (offset !== undefined && query.cursor) {
        throw new AppError('VALIDATION_FAILED', 'Give offset or cursor, not both.');
      }
      const ref = await call.project(reference);
      const statusId = status ? findStatusRef(await call.statuses(ref.id), status).id : undefined;
      // Another project's (or organization's) unit is not found, rather than an empty list.
      if (workUnit) await findWorkUnitInProject(call.services.db, ref.id, workUnit);
      const skip = offset ?? 0;
      const assigneeUserId =
        assigneeUser === ME
          ? await myselfOf(call)
          : ((await assigneeUserIdOf(call, assigneeUser)) ?? undefined);
      const page = await listTasks(
        call.services.db,
        call.caller.acting,
        ref.id,
        {
          ...query,
          assigneeUserId,
          workUnitId: workUnit,
          statusId,
          limit: skip + limit,
        },
        call.services.clock.now(),
      );
      const items = await summarizeTasks(call, page.items.slice(skip));
      return {
        project: ref.key,
        items,
        ...(page.nextCursor ? { nextCursor: page.nextCursor, nextOffset: skip + limit } : {}),
      };
    },
  );

  defineTool(
    kit,
    {
      name: 'get-task',
      title: 'Get task',
      description:
        'The whole task: description, criteria, status, blockers, claim, usage, devInfo, its branches and PRs.',
      input: z.strictObject({ task: mcpTaskArgument }),
      output: mcpTaskSchema,
      core: true,
      readOnly: true,
    },
    async ({ task }, call) =>
      taskView(
        call,
        await completeTasks(
          call.services.db,
          call.caller.acting.organizationId,
          toTask(
            (await findTask(call.services.db, call.caller.acting, task)).task,
            call.services.clock.now(),
          ),
        ),
      ),
  );

  defineTool(
    kit,
    {
      name: 'create-task',
      title: 'Create task',
      description: `Creates a task (key KEY-n). Only title is required; status defaults to the first todo one, the card goes to the end of its column. ${project} ${statuses}`,
      input: createTaskSchema
        .omit({ statusId: true, workUnitId: true, labelIds: true, assigneeUserId: true })
        .extend({
          assigneeUser: assigneeUserArgument.nullable().optional(),
          labels: labelNamesArgument.optional(),
          project: mcpProjectArgument.optional(),
          status: statusParameter(facts, 'Status, default the first todo one').optional(),
          assignee: assignee.nullable().optional(),
          workUnit: mcpWorkUnitArgument.nullable().optional(),
          ...schedulingArguments,
        }),
      output: mcpTaskSchema,
    },
    async ({ project: reference, status, workUnit, labels, assigneeUser, ...input }, call) => {
      const ref = await call.project(reference);
      const assigneeUserId = await assigneeUserIdOf(call, assigneeUser);
      const statusId = status ? findStatusRef(await call.statuses(ref.id), status).id : undefined;
      const labelIds = labels ? await labelIdsOf(call, labels) : undefined;
      const created = await createTask(call.services, call.caller.acting, ref.id, {
        ...input,
        labelIds,
        assigneeUserId,
        workUnitId: workUnit,
        statusId,
      });
      return taskView(call, created);
    },
  );

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

  defineTool(
    kit,
    {
      name: 'move-task',
      title: 'Move task',
      description:
        'Moves a task to a status (board column), at the end unless position is given. Review or done hands it in, releasing your claim; open findings can refuse or redirect that.',
      input: z.strictObject({
        task: mcpTaskArgument,
        status: statusParameter(facts, 'Target status'),
        position: z.number().finite().optional().describe('Order in the column, fractional'),
        version: versionArgument,
      }),
      output: mcpMoveReceiptSchema,
      core: true,
    },
    async ({ task, status, position, version: explicit }, call) => {
      const moved = await withVersion(
        explicit,
        async () => (await findTask(call.services.db, call.caller.acting, task)).task,
        async (current, read) =>
          moveTask(call.services, call.caller.acting, current.id, {
            version: read,
            statusId: findStatusRef(await call.statuses(current.projectId), status).id,
            position,
          }),
      );
      return moveReceipt(call, moved);
    },
  );

  defineTool(
    kit,
    {
      name: 'link-pull-request',
      title: 'Link pull request',
      description:
        'Links a pull request by URL to a task whose branch, title and description do not name its key. The repository must be connected to the project.',
      input: z.strictObject({
        task: mcpTaskArgument,
        url: z.string().trim().max(500).describe('e.g. https://github.com/acme/api/pull/12'),
      }),
      output: z.object({ key: z.string(), development: mcpDevelopmentSchema }),
      idempotent: true,
    },
    async ({ task, url }, call) => {
      const linked = await linkPullRequest(call.services, call.caller.acting, task, url, call.githubWebUrl);
      return { key: linked.key, development: developmentView(linked.development) };
    },
  );

  defineTool(
    kit,
    {
      name: 'reorder-tasks',
      title: 'Reorder tasks',
      description: `Puts the listed tasks at the top of one status column, in this order (tasks from other columns move into it, under move-task's rules); the column's other tasks keep their order below. ${project}`,
      input: z.strictObject({
        project: mcpProjectArgument.optional(),
        status: statusParameter(facts, 'Column'),
        tasks: z.array(mcpTaskArgument).min(1).max(500),
      }),
      output: z.object({
        status: z.string(),
        items: z.array(mcpTaskSummarySchema),
        redirected: z.array(z.object({ key: z.string(), reason: z.string() })).optional(),
      }),
    },
    async ({ project: reference, status, tasks: references }, call) => {
      const ref = await call.project(reference);
      const target = findStatusRef(await call.statuses(ref.id), status);
      const reordered = await reorderTasks(call.services, call.caller.acting, ref.id, target.id, references);
      return {
        status: target.name,
        items: await summarizeTasks(call, reordered.items),
        ...(reordered.redirected.length ? { redirected: reordered.redirected } : {}),
      };
    },
  );

  defineTool(
    kit,
    {
      name: 'delete-task',
      title: 'Delete task',
      description: 'Deletes a task and its comments; tasks that waited for it stop waiting.',
      input: z.strictObject({
        task: mcpTaskArgument,
        version: versionSchema.optional().describe('When given, a stale version is refused'),
      }),
      output: z.object({ deleted: taskDeletionSchema }),
      destructive: true,
    },
    async ({ task, version }, call) => deleteTask(call.services, call.caller.acting, task, { version }),
  );
}
