import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agentSession } from './agent-sessions';
import { organizationOwned, ownedBy } from './columns';
import { project } from './projects';
import { task } from './work';

/**
 * A question an agent asked a person about a task (request-input) and, once given, the answer. The
 * answer is kept here as well as on the task's thread so the waiting agent reads exactly its answer.
 */
export const question = pgTable(
  'question',
  {
    ...organizationOwned(),
    projectId: ownedBy('project_id', () => project.id),
    taskId: ownedBy('task_id', () => task.id),
    /** The asking session; null once that session's row is gone. */
    sessionId: text('session_id').references(() => agentSession.id, { onDelete: 'set null' }),
    agentName: text('agent_name').notNull(),
    question: text('question').notNull(),
    answer: text('answer'),
    /** The person who answered, by name as the thread shows it, and by id. */
    answeredBy: text('answered_by'),
    answeredById: text('answered_by_id'),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    index('question_task_asked_idx').on(table.taskId, table.askedAt),
    index('question_session_idx').on(table.sessionId),
  ],
);
