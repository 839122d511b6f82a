import type {
  AgentSession,
  AnswerQuestion,
  ListQuestionsQuery,
  Question,
} from '@switchboard/api-client/contract';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentSession, question, task } from '../../db/schema';
import type { ActingContext } from '../actor';
import { type RecordChange, runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import { type CreatedNotification, mailAfterCommit, notifyInputRequested } from '../people/notifications';
import type { DomainServices } from '../services';
import { postComment } from '../tasks/comments';
import { findTask } from '../tasks/views';
import { markAwaitingInput, toAgentSession } from './sessions';

type QuestionRow = typeof question.$inferSelect;

/**
 * A question as answered to everyone. `askerStatus` is the asking session's status (null when the
 * session is gone): an open question whose session has ended is orphaned, so nobody mistakes it for
 * an agent still waiting.
 */
export function toQuestion(row: QuestionRow, taskKey: string, askerStatus: string | null): Question {
  return {
    id: row.id,
    projectId: row.projectId,
    taskId: row.taskId,
    taskKey,
    sessionId: row.sessionId,
    agentName: row.agentName,
    question: row.question,
    answer: row.answer,
    answeredBy: row.answeredBy !== null ? { id: row.answeredById ?? '', name: row.answeredBy } : null,
    askedAt: row.askedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    orphaned: row.answer === null && askerStatus !== 'awaiting_input' && askerStatus !== 'active',
  };
}

/** Questions with what their answer needs: the task's key and the asking session's status. */
export function selectQuestions(db: Database | Transaction) {
  return db
    .select({ question, taskKey: task.key, askerStatus: agentSession.status })
    .from(question)
    .innerJoin(task, eq(task.id, question.taskId))
    .leftJoin(agentSession, eq(agentSession.id, question.sessionId));
}

type SelectedQuestion = Awaited<ReturnType<typeof selectQuestions>>[number];

export function toSelectedQuestion(row: SelectedQuestion): Question {
  return toQuestion(row.question, row.taskKey, row.askerStatus);
}

export interface AskQuestion {
  /** Id or key of the task; omitted = the task the session holds. */
  task?: string;
  question: string;
}

/**
 * request-input: the question is stored, posted on the task's thread as the agent's comment, and the
 * session waits for a person. A question always belongs to a task, so the person answering sees what
 * it is about. One transaction: all of it or nothing.
 */
export async function askQuestion(
  services: DomainServices,
  context: ActingContext,
  session: { id: string; agentName: string },
  input: AskQuestion,
): Promise<{ question: Question; session: AgentSession }> {
  const notified: CreatedNotification[] = [];
  const outcome = await runChange(services, context, async (tx, record, now) => {
    let reference = input.task;
    if (!reference) {
      const [row] = await tx
        .select({ currentTaskId: agentSession.currentTaskId })
        .from(agentSession)
        .where(eq(agentSession.id, session.id))
        .limit(1);
      reference = row?.currentTaskId ?? undefined;
    }
    if (!reference) {
      throw new AppError(
        'VALIDATION_FAILED',
        'task: name the task the question is about (id or key); this session holds no task.',
        [{ path: ['task'], message: 'is required when the session holds no task' }],
      );
    }
    const { task: found } = await findTask(tx, context, reference);
    const [row] = await tx
      .insert(question)
      .values({
        id: crypto.randomUUID(),
        organizationId: context.organizationId,
        projectId: found.projectId,
        taskId: found.id,
        sessionId: session.id,
        agentName: session.agentName,
        question: input.question,
        askedAt: now,
      })
      .returning();
    if (!row) throw new Error('question insert returned nothing');
    const asked = toQuestion(row, found.key, 'awaiting_input');
    await postComment(tx, record, now, context, found, input.question, `asked for input on ${found.key}`);
    await record({
      projectId: found.projectId,
      action: 'question.asked',
      entity: 'question',
      entityId: row.id,
      summary: `${session.agentName} asked a person about ${found.key}`,
      data: { question: asked },
    });
    const waiting = await markAwaitingInput(tx, record, now, session.id, input.question, found.id);
    notified.push(
      ...(await notifyInputRequested(
        tx,
        context,
        now,
        { questionId: row.id, question: input.question, agentName: session.agentName },
        found,
      )),
    );
    return { question: asked, session: waiting };
  });
  mailAfterCommit(services, notified);
  return outcome;
}

/** The session asked and waits no more: active again, unless it already moved on. */
async function resumeSession(tx: Transaction, record: RecordChange, now: Date, sessionId: string | null) {
  if (!sessionId) return;
  const [row] = await tx
    .update(agentSession)
    .set({ status: 'active', question: null, version: sql`${agentSession.version} + 1` })
    .where(and(eq(agentSession.id, sessionId), eq(agentSession.status, 'awaiting_input')))
    .returning();
  if (!row) return;
  const [current] = row.currentTaskId
    ? await tx
        .select({ id: task.id, key: task.key, title: task.title })
        .from(task)
        .where(eq(task.id, row.currentTaskId))
        .limit(1)
    : [];
  await record({
    projectId: row.projectId,
    action: 'agent_session.updated',
    entity: 'agent_session',
    entityId: row.id,
    summary: `${row.agentName} got an answer and is active`,
    data: { version: row.version, agentSession: toAgentSession(row, current ?? null, now) },
  });
}

/**
 * A person answers: the answer is stored, posted on the task's thread as their comment, and the
 * asking session is active again. A question of another organization is not found; one answered
 * already is a conflict (the first answer stands).
 */
export async function answerQuestion(
  services: DomainServices,
  context: ActingContext,
  questionId: string,
  input: AnswerQuestion,
): Promise<Question> {
  return runChange(services, context, async (tx, record, now) => {
    const [found] = await selectQuestions(tx)
      .where(and(eq(question.id, questionId), eq(question.organizationId, context.organizationId)))
      .for('update', { of: question })
      .limit(1);
    if (!found) {
      throw new AppError('NOT_FOUND', `There is no question ${questionId} in this organization.`);
    }
    if (found.question.answer !== null) {
      throw new AppError(
        'CONFLICT',
        `${found.question.answeredBy ?? 'Someone'} answered this question already.`,
      );
    }
    const [row] = await tx
      .update(question)
      .set({
        answer: input.answer,
        answeredBy: context.actor.name,
        answeredById: context.actor.id,
        answeredAt: now,
      })
      .where(eq(question.id, questionId))
      .returning();
    if (!row) throw new Error('question update returned nothing');
    const on = { id: row.taskId, key: found.taskKey, projectId: row.projectId };
    const comment = await postComment(
      tx,
      record,
      now,
      context,
      on,
      input.answer,
      `answered ${row.agentName} on ${on.key}`,
    );
    const answered = toQuestion(row, found.taskKey, found.askerStatus);
    await record({
      projectId: row.projectId,
      action: 'question.answered',
      entity: 'question',
      entityId: row.id,
      summary: `answered ${row.agentName}'s question on ${on.key}`,
      data: { question: answered, commentId: comment.id },
    });
    await resumeSession(tx, record, now, row.sessionId);
    return answered;
  });
}

/** The organization's questions, newest first. */
export async function listQuestions(
  db: Database,
  context: ActingContext,
  query: ListQuestionsQuery,
): Promise<Question[]> {
  const conditions: (SQL | undefined)[] = [eq(question.organizationId, context.organizationId)];
  if (query.task) conditions.push(eq(question.taskId, (await findTask(db, context, query.task)).task.id));
  if (query.open === true) conditions.push(isNull(question.answer));
  if (query.open === false) conditions.push(isNotNull(question.answer));
  const rows = await selectQuestions(db)
    .where(and(...conditions))
    .orderBy(desc(question.askedAt), desc(question.id))
    .limit(query.limit);
  return rows.map(toSelectedQuestion);
}

/** The latest question a session asked (about one task, when named); null when it asked none. */
export async function latestQuestionOf(
  db: Database,
  context: ActingContext,
  sessionId: string,
  taskReference?: string,
): Promise<Question | null> {
  const taskId = taskReference ? (await findTask(db, context, taskReference)).task.id : undefined;
  const [row] = await selectQuestions(db)
    .where(
      and(
        eq(question.sessionId, sessionId),
        eq(question.organizationId, context.organizationId),
        taskId ? eq(question.taskId, taskId) : undefined,
      ),
    )
    .orderBy(desc(question.askedAt), desc(question.id))
    .limit(1);
  return row ? toSelectedQuestion(row) : null;
}

async function questionById(db: Database, id: string): Promise<Question | null> {
  const [row] = await selectQuestions(db).where(eq(question.id, id)).limit(1);
  return row ? toSelectedQuestion(row) : null;
}

/**
 * Waits until the question is answered, at most `waitMs`, and answers it as it then stands. It
 * listens on the event bus before reading, so an answer given in between is never missed, and an
 * answer given through another server process (PostgreSQL's bus) ends the wait as well.
 */
export async function waitForAnswer(
  services: DomainServices,
  asked: Question,
  organizationId: string,
  waitMs: number,
  signal?: AbortSignal,
): Promise<Question> {
  if (asked.answer !== null) return asked;
  let stop = () => {};
  const answered = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    const unsubscribe = services.bus.subscribe(organizationId, (event) => {
      if (event.action === 'question.answered' && event.entityId === asked.id) resolve();
    });
    const onAbort = () => resolve();
    signal?.addEventListener('abort', onAbort, { once: true });
    stop = () => {
      clearTimeout(timer);
      unsubscribe();
      signal?.removeEventListener('abort', onAbort);
    };
  });
  try {
    const current = await questionById(services.db, asked.id);
    if (current && current.answer !== null) return current;
    await answered;
    return (await questionById(services.db, asked.id)) ?? asked;
  } finally {
    stop();
  }
}
