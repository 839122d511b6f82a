import type { MyWork, MyWorkTask } from '@switchboard/api-client/contract';
import { and, asc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentSession, apikey, project, question, task, taskStatus } from '../../db/schema';
import type { ActingContext } from '../actor';
import { selectQuestions, toSelectedQuestion } from '../agents/questions';
import { toTask } from '../tasks/views';
import { completeTasks } from './assignee-people';
import { personOf } from './assignees';

/** How far back a session counts as "an agent you run". */
const AGENT_LOOKBACK_MS = 30 * 24 * 60 * 60 * 1000;
/** A page of work someone reads in one sitting; more is a board's job. */
const MAX_TASKS = 500;
const MAX_QUESTIONS = 100;

/** The sessions a person ran: opened with one of their API keys, or signed in as themselves. */
function sessionsOf(db: Database, organizationId: string, userId: string, since: Date): SQL {
  const ownKeys = db.select({ id: apikey.id }).from(apikey).where(eq(apikey.referenceId, userId));
  return and(
    eq(agentSession.organizationId, organizationId),
    gt(agentSession.startedAt, since),
    or(inArray(agentSession.apiKeyId, ownKeys), eq(agentSession.principal, `user:${userId}`)),
  ) as SQL;
}

/**
 * A person's work in the acting organization: unfinished tasks assigned to them or to the agent
 * profiles their keys ran lately, and the agent questions that wait for an answer on those tasks or
 * from those agents. Another member's tasks never appear, nor anything of another organization.
 */
export async function myWork(
  db: Database,
  context: ActingContext & { apiKeyId?: string },
  now: Date,
): Promise<MyWork> {
  const userId = await personOf(db, context);
  if (!userId) return { tasks: [], waiting: [], agents: [] };
  const { organizationId } = context;
  const mySessions = sessionsOf(db, organizationId, userId, new Date(now.getTime() - AGENT_LOOKBACK_MS));
  const agentRows = await db
    .selectDistinct({ name: agentSession.agentName })
    .from(agentSession)
    .where(mySessions)
    .orderBy(asc(agentSession.agentName));
  const agents = agentRows.map((row) => row.name);
  const lowerAgents = agents.map((name) => name.toLowerCase());

  const mine = eq(task.assigneeUserId, userId);
  const myAgents = lowerAgents.length ? inArray(sql`lower(${task.assignee})`, lowerAgents) : undefined;
  const rows = await db
    .select({
      task,
      project: { id: project.id, key: project.key, name: project.name },
      status: { id: taskStatus.id, name: taskStatus.name, category: taskStatus.category },
    })
    .from(task)
    .innerJoin(project, eq(project.id, task.projectId))
    .innerJoin(taskStatus, eq(taskStatus.id, task.statusId))
    .where(
      and(eq(project.organizationId, organizationId), ne(taskStatus.category, 'done'), or(mine, myAgents)),
    )
    .orderBy(asc(project.key), asc(taskStatus.position), asc(task.position), asc(task.number))
    .limit(MAX_TASKS);
  const tasks: MyWorkTask[] = rows.map((row) => ({
    task: toTask(row.task, now),
    project: row.project,
    status: row.status,
    reason: row.task.assigneeUserId === userId ? 'assigned' : 'agent',
  }));

  const taskIds = tasks.map((item) => item.task.id);
  const askedByMyAgents = inArray(
    question.sessionId,
    db.select({ id: agentSession.id }).from(agentSession).where(mySessions),
  );
  const questionRows = await selectQuestions(db)
    .where(
      and(
        eq(question.organizationId, organizationId),
        isNull(question.answer),
        or(taskIds.length ? inArray(question.taskId, taskIds) : undefined, askedByMyAgents),
      ),
    )
    .orderBy(asc(question.askedAt), asc(question.id))
    .limit(MAX_QUESTIONS);
  const waiting = questionRows.map(toSelectedQuestion);

  // The tasks' assignee names and labels come in one statement, as on every other answer with tasks.
  return completeTasks(db, organizationId, { tasks, waiting, agents });
}
