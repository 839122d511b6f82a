import {
  createCommentSchema,
  mcpCommentListSchema,
  mcpCommentReceiptSchema,
  mcpTaskArgument,
} from '@switchboard/api-client/contract';
import * as z from 'zod';
import { createComment, listComments } from '../../domain/tasks/comments';
import { defineTool, type ToolKit } from '../tooling';

/** comments: the task's conversation with people and other agents (both core). */
export function registerCommentTools(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'create-task-comment',
      title: 'Comment on task',
      description:
        'Adds a markdown comment to a task as you: progress, notes for reviewers. @handle (e-mail local part or name without spaces) notifies a member. To wait for a person, use request-input.',
      input: createCommentSchema.extend({ task: mcpTaskArgument }),
      output: mcpCommentReceiptSchema,
      core: true,
    },
    async ({ task, ...input }, call) => {
      const comment = await createComment(call.services, call.caller.acting, task, input);
      return { id: comment.id, createdAt: comment.createdAt };
    },
  );

  defineTool(
    kit,
    {
      name: 'list-task-comments',
      title: 'List task comments',
      description: "A task's comments, oldest first.",
      input: z.strictObject({
        task: mcpTaskArgument,
        limit: z.number().int().min(1).max(500).optional().describe('Only the latest this many'),
      }),
      output: mcpCommentListSchema,
      core: true,
      readOnly: true,
    },
    async ({ task, limit }, call) => {
      const comments = await listComments(call.services.db, call.caller.acting, task);
      const items = (limit ? comments.slice(-limit) : comments).map((comment) => ({
        author: comment.author.name,
        body: comment.body,
        createdAt: comment.createdAt,
      }));
      return { items };
    },
  );
}
