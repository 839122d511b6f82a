import {
  type AcceptanceCriterion,
  createTaskSchema,
  idSchema,
  listTasksQuerySchema,
  type Task,
  type UpdateTask,
  updateTaskSchema,
  versionSchema,
} from '@switchboard/api-client/contract';
import * as z from 'zod';
import { releaseTask } from '../../domain/claims';
import { findTask, listTasks, toTask } from '../../domain/task-views';
import { createTask, deleteTask, moveTask, updateTask } from '../../domain/tasks';
import { findWorkUnitInProject } from '../../domain/work-unit-views';
import { AppError } from '../../http/errors';
import { agentsSentence, projectSentence, statusesSentence } from '../describe';
import { findStatusRef, statusesOf } from '../lookup';
import { reorderTasks } from '../reorder';
import { compactTask, defineTool, statusMap, type ToolCall, type ToolKit, withVersion } from '../tooling';
import { projectArgument } from './projects';

export const taskReference = idSchema.describe('Task id or key (SWB-12)');
const statusArgument = z.string().trim().min(1).max(100);
const criterionReference = z.union([z.number().int().min(0), z.string().trim().min(1)]);

/** The task with its status spelled out, as get-task and writes answer. */
export async function taskView(call: ToolCall, task: Task) {
  const statuses = statusMap(await statusesOf(call.db, task.projectId));
  const status = statuses.get(task.statusId);
  return { ...task, status: status ? { id: status.id, name: status.name, category: status.category } : null };
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
      if (reference < next.length) return reference;
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

/** tasks: list, get, create, update, move, reorder, delete. */
export function registerTaskTools(kit: ToolKit): void {
  const { facts } = kit;
  const project = projectSentence(facts);
  const statuses = statusesSentence(facts);
  const agents = agentsSentence(facts);
  const statusNames = facts.project?.statuses.map((status) => status.name).join(', ');
  const status = (fallback: string) =>
    statusArgument.describe(
      statusNames ? `${fallback}: ${statusNames} (or a status id)` : `${fallback} (name or id)`,
    );
  const assignee = createTaskSchema.shape.assignee.describe(
    facts.agents.length ? `Agent name: ${facts.agents.join(', ')}` : 'Agent name (none defined yet)',
  );

  defineTool(
    kit,
    {
      name: 'list-tasks',
      title: 'List tasks',
      description: `Tasks in board order (status, then position), filtered, 10 at a time by default; each item is a summary (get-task for the whole task). ${project} ${statuses} ${agents}`,
      input: listTasksQuerySchema.omit({ statusId: true, limit: true }).extend({
        project: projectArgument,
        status: status('Status').optional(),
        assignee: z
          .string()
          .max(64)
          .optional()
          .describe(facts.agents.length ? `Agent name: ${facts.agents.join(', ')}` : 'Agent name'),
        limit: z.number().int().min(1).max(100).default(10),
        offset: z.number().int().min(0).max(10_000).optional().describe('Skip this many (or use cursor)'),
      }),
      readOnly: true,
    },
    async ({ project: reference, status, limit, offset, ...query }, call) => {
      if (offset !== undefined && query.cursor) {
        throw new AppError('VALIDATION_FAILED', 'Give offset or cursor, not both.');
      }
      const ref = await call.project(reference);
      const statusId = status ? (await findStatusRef(call.db, ref.id, status)).id : undefined;
      // Another project's (or organisation's) unit is not found, rather than an empty list.
      if (query.workUnitId) await findWorkUnitInProject(call.db, ref.id, query.workUnitId);
      const skip = offset ?? 0;
      const page = await listTasks(call.db, call.caller.acting, ref.id, {
        ...query,
        statusId,
        limit: skip + limit,
      });
      const names = statusMap(await statusesOf(call.db, ref.id));
      const items = page.items.slice(skip).map((task) => compactTask(task, names));
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
        'The whole task by id or key (SWB-12): description, acceptance criteria, status, blockers, claim, token usage, devInfo.',
      input: z.strictObject({ id: taskReference }),
      readOnly: true,
    },
    async ({ id }, call) => taskView(call, toTask((await findTask(call.db, call.caller.acting, id)).task)),
  );

  defineTool(
    kit,
    {
      name: 'create-task',
      title: 'Create task',
      description: `Creates a task (key KEY-n). Only title is required; status defaults to the first todo status, the card goes to the end of its column. ${project} ${statuses} ${agents}`,
      input: createTaskSchema.omit({ statusId: true }).extend({
        project: projectArgument,
        status: status('Status, default the first todo one').optional(),
        assignee,
      }),
    },
    async ({ project: reference, status, ...input }, call) => {
      const ref = await call.project(reference);
      const statusId = status ? (await findStatusRef(call.db, ref.id, status)).id : undefined;
      const created = await createTask(call.db, call.bus, call.caller.acting, ref.id, { ...input, statusId });
      return taskView(call, created);
    },
  );

  defineTool(
    kit,
    {
      name: 'update-task',
      title: 'Update task',
      description: `Changes the given fields of a task. check / uncheck tick acceptance criteria by position (0 = first) or text. devInfo is merged into the stored one (a key set to null is removed): record executionPlan, testResults, filesChanged, commits, notes … acceptanceCriteria replaces the whole list. version: the one you read; omitted = the current one. ${agents}`,
      input: updateTaskSchema.extend({
        id: taskReference,
        version: versionSchema.optional(),
        assignee,
        check: z.array(criterionReference).max(100).optional().describe('Criteria to mark done'),
        uncheck: z.array(criterionReference).max(100).optional().describe('Criteria to mark not done'),
      }),
      idempotent: true,
    },
    async ({ id, version, check, uncheck, devInfo, ...changes }, call) => {
      const updated = await withVersion(
        version,
        async () => (await findTask(call.db, call.caller.acting, id)).task,
        (current, read) => {
          const input: UpdateTask = { ...changes, version: read };
          if (check || uncheck) {
            input.acceptanceCriteria = toggleCriteria(
              changes.acceptanceCriteria ?? current.acceptanceCriteria,
              check,
              uncheck,
            );
          }
          if (devInfo) input.devInfo = mergeDevInfo(current.devInfo, devInfo);
          return updateTask(call.db, call.bus, call.caller.acting, id, input);
        },
      );
      return taskView(call, updated);
    },
  );

  defineTool(
    kit,
    {
      name: 'move-task',
      title: 'Move task',
      description: `Moves a task to a status (board column) and a position in it (omitted = the end). Moving a task you hold into a done status releases your claim. ${statuses}`,
      input: z.strictObject({
        id: taskReference,
        status: status('Target status'),
        position: z
          .number()
          .finite()
          .optional()
          .describe('Order in the column; fractional; omitted = the end'),
        version: versionSchema.optional().describe('The version you read; omitted = the current one'),
      }),
    },
    async ({ id, status, position, version }, call) => {
      let category: string | undefined;
      let moved = await withVersion(
        version,
        async () => (await findTask(call.db, call.caller.acting, id)).task,
        async (current, read) => {
          const target = await findStatusRef(call.db, current.projectId, status);
          category = target.category;
          return moveTask(call.db, call.bus, call.caller.acting, current.id, {
            version: read,
            statusId: target.id,
            position,
          });
        },
      );
      if (category === 'done' && moved.claim?.by === call.session.id) {
        moved = (await releaseTask(call.db, call.bus, call.caller.acting, call.session.id, moved.id)).task;
      }
      return taskView(call, moved);
    },
  );

  defineTool(
    kit,
    {
      name: 'reorder-tasks',
      title: 'Reorder tasks',
      description: `Puts the listed tasks at the top of one status column, in this order (tasks from other columns move into it); the column's other tasks keep their order below. ${project} ${statuses}`,
      input: z.strictObject({
        project: projectArgument,
        status: status('Column'),
        taskIds: z.array(taskReference).min(1).max(500),
      }),
    },
    async ({ project: reference, status, taskIds }, call) => {
      const ref = await call.project(reference);
      const target = await findStatusRef(call.db, ref.id, status);
      const tasks = await reorderTasks(call.db, call.bus, call.caller.acting, ref.id, target.id, taskIds);
      const names = statusMap(await statusesOf(call.db, ref.id));
      return { status: target.name, items: tasks.map((task) => compactTask(task, names)) };
    },
  );

  defineTool(
    kit,
    {
      name: 'delete-task',
      title: 'Delete task',
      description: 'Deletes a task and its comments; tasks that waited for it stop waiting.',
      input: z.strictObject({
        id: taskReference,
        version: versionSchema.optional().describe('When given, a stale version is refused'),
      }),
      destructive: true,
    },
    async ({ id, version }, call) => deleteTask(call.db, call.bus, call.caller.acting, id, { version }),
  );
}
