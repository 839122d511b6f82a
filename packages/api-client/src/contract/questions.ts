import * as z from 'zod';
import { idSchema, timestampSchema } from './common';

/** A question an agent asked a person about a task (the request-input tool), with its answer once given. */
export const questionSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  taskId: idSchema,
  taskKey: z.string().describe('KEY-n'),
  sessionId: idSchema.nullable().describe('The agent session that asked'),
  agentName: z.string(),
  question: z.string(),
  answer: z.string().nullable().describe('Null until a person answers'),
  answeredBy: z.object({ id: z.string(), name: z.string() }).nullable().describe('The person who answered'),
  askedAt: timestampSchema,
  answeredAt: timestampSchema.nullable(),
  orphaned: z
    .boolean()
    .optional()
    .describe(
      'Unanswered, and the session that asked has ended: no agent waits for it; an answer still goes on the task',
    ),
});
export type Question = z.infer<typeof questionSchema>;

export const answerQuestionSchema = z.strictObject({
  answer: z.string().trim().min(1, 'is required').max(50_000).describe('Markdown; also posted on the task'),
});
export type AnswerQuestion = z.infer<typeof answerQuestionSchema>;

export const listQuestionsQuerySchema = z.strictObject({
  task: idSchema.optional().describe('Only questions about this task (id or key)'),
  open: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('true: only unanswered; false: only answered; default both'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ListQuestionsQuery = z.infer<typeof listQuestionsQuerySchema>;
