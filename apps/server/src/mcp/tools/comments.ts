import { createCommentSchema } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { createComment, listComments } from '../../domain/comments';
import { defineTool, type ToolKit } from '../tooling';
import { taskReference } from './tasks';

/** comments: the task's conversation with people and other agents. */
export function registerCommentTools(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'create-task-comment',
      title: 'Comment on task',
      description:
        'Adds a markdown comment to a task, as this agent: progress notes, questions for reviewers, answers. (To stop and wait for a person, use request-input.)',
      input: createCommentSchema.extend({ taskId: taskReference }),
    },
    async ({ taskId, ...input }, call) => createComment(call.db, call.bus, call.caller.acting, taskId, input),
  );

  defineTool(
    kit,
    {
      name: 'list-task-comments',
      title: 'List task comments',
      description: "A task's comments, oldest first (people's answers to request-input arrive here).",
      input: z.strictObject({
        taskId: taskReference,
        limit: z.number().int().min(1).max(500).optional().describe('Only the latest this many'),
      }),
      readOnly: true,
    },
    async ({ taskId, limit }, call) => {
      const comments = await listComments(call.db, call.caller.acting, taskId);
      return { items: limit ? comments.slice(-limit) : comments };
    },
  );
}
