import {
  listTasksQuerySchema,
  mcpProjectArgument,
  mcpTaskSummarySchema,
  mcpWorkUnitArgument,
} from '@switchboard/api-client/contract';
import * as z from 'zod';
import { AppError } from '../../../domain/errors';
import { ME } from '../../../domain/people/assignees';
import { listTasks } from '../../../domain/tasks/views';
import { findWorkUnitInProject } from '../../../domain/work-units/views';
import { projectSentence } from '../../describe';
import { findStatusRef } from '../../lookup';
import { assigneeParameter, statusParameter } from '../../parameters';
import { summarizeTasks } from '../../task-answers';
import { defineTool, type ToolKit } from '../../tooling';
import { assigneeUserArgument, assigneeUserIdOf, myselfOf } from './arguments';

export function registerListTasks(kit: ToolKit): void {
  const { facts } = kit;
  const project = projectSentence(facts);
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
}
