import {
  createTaskSchema,
  mcpProjectArgument,
  mcpTaskSchema,
  mcpWorkUnitArgument,
} from '@switchboard/api-client/contract';
import { createTask } from '../../../domain/tasks/tasks';
import { projectSentence, statusesSentence } from '../../describe';
import { findStatusRef } from '../../lookup';
import { assigneeParameter, statusParameter } from '../../parameters';
import { taskView } from '../../task-answers';
import { defineTool, type ToolKit } from '../../tooling';
import { labelNamesArgument } from '../labels';
import { assigneeUserArgument, assigneeUserIdOf, labelIdsOf, schedulingArguments } from './arguments';

export function registerCreateTask(kit: ToolKit): void {
  const { facts } = kit;
  const project = projectSentence(facts);
  const statuses = statusesSentence(facts);
  const assignee = assigneeParameter(facts);

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
}
