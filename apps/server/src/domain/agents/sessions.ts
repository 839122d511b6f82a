import {
  AGENT_IDLE_AFTER_MS,
  type AgentSession,
  type AgentSessionStatus,
  CLAIM_LEASE_MS,
  type ListAgentSessionsQuery,
  type McpToolset,
} from '@switchboard/api-client/contract';
import { and, desc, eq, gte, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentSession, project, task } from '../../db/schema';
import type { ActingContext } from '../actor';
import { type RecordChange, runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import { findProject } from '../projects/lookup';
import type { DomainServices } from '../services';

export type AgentSessionRow = typeof agentSession.$inferSelect;

/** Ended sessions stay in the default listing this long, so the dashboard shows recent work. */
export const RECENT_SESSIONS_MS = 24 * 60 * 60 * 1000;

/** What the dashboard shows: `idle` is derived here from lastSeenAt, never stored by a timer. */
export function effectiveStatus(row: AgentSessionRow, now: Date): AgentSessionStatus {
  if (row.status === 'active' && now.getTime() - row.lastSeenAt.getTime() >= AGENT_IDLE_AFTER_MS)
    return 'idle';
  return row.status;
}

export function toAgentSession(
  row: AgentSessionRow,
  currentTask: { id: string; key: string; title: string } | null,
  now: Date,
): AgentSession {
  return {
    id: row.id,
    organizationId: row.organizationId,
    projectId: row.projectId,
    agentName: row.agentName,
    apiKeyId: row.apiKeyId,
    client: row.clientName ? { name: row.clientName, version: row.clientVersion ?? '' } : null,
    status: effectiveStatus(row, now),
    question: row.question,
    currentTask,
    startedAt: row.startedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    idleAt: new Date(row.lastSeenAt.getTime() + AGENT_IDLE_AFTER_MS).toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    version: row.version,
  };
}

type TaskSummary = { id: string; key: string; title: string };

async function viewOf(
  tx: Database | Transaction,
  row: AgentSessionRow,
  now: Date,
  known?: TaskSummary,
): Promise<AgentSession> {
  if (!row.currentTaskId) return toAgentSession(row, null, now);
  if (known?.id === row.currentTaskId) return toAgentSession(row, known, now);
  const [current] = await tx
    .select({ id: task.id, key: task.key, title: task.title })
    .from(task)
    .where(eq(task.id, row.currentTaskId))
    .limit(1);
  return toAgentSession(row, current ?? null, now);
}

async function recordSession(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  action: 'agent_session.created' | 'agent_session.updated',
  row: AgentSessionRow,
  summary: string,
  known?: TaskSummary,
) {
  const view = await viewOf(tx, row, now, known);
  await record({
    projectId: row.projectId,
    action,
    entity: 'agent_session',
    entityId: row.id,
    summary,
    data: { version: row.version, agentSession: view },
  });
  return view;
}

export interface OpenAgentSession {
  id: string;
  mcpSessionId: string;
  principal: string;
  apiKeyId: string | null;
  agentName: string;
  projectId: string | null;
  client: { name: string; version: string } | null;
  protocolVersion: string;
  toolsets: readonly McpToolset[];
}

/** Records a new MCP session (after its initialize) and announces it. */
export async function createAgentSession(
  services: DomainServices,
  context: ActingContext,
  input: OpenAgentSession,
): Promise<AgentSessionRow> {
  return runChange(services, context, async (tx, record, now) => {
    const [row] = await tx
      .insert(agentSession)
      .values({
        id: input.id,
        mcpSessionId: input.mcpSessionId,
        organizationId: context.organizationId,
        projectId: input.projectId,
        agentName: input.agentName,
        apiKeyId: input.apiKeyId,
        principal: input.principal,
        clientName: input.client?.name ?? null,
        clientVersion: input.client?.version ?? null,
        protocolVersion: input.protocolVersion,
        toolsets: [...input.toolsets],
        startedAt: now,
        lastSeenAt: now,
      })
      .returning();
    if (!row) throw new Error('agent session insert returned nothing');
    const client = input.client ? ` with ${input.client.name} ${input.client.version}`.trimEnd() : '';
    await recordSession(tx, record, now, 'agent_session.created', row, `${row.agentName} connected${client}`);
    return row;
  });
}

/** The session behind an Mcp-Session-Id header, ended or not; null when there is none. */
export async function findByMcpSessionId(
  db: Database,
  mcpSessionId: string,
): Promise<AgentSessionRow | null> {
  const [row] = await db
    .select()
    .from(agentSession)
    .where(eq(agentSession.mcpSessionId, mcpSessionId))
    .limit(1);
  return row ?? null;
}

/**
 * A tool call arrived: the session is seen now and its claims are renewed. `activate` (a write) also ends
 * an awaiting_input state; reads (polling for the answer) leave it. Only a status change is an event:
 * lastSeenAt alone is not news, and idle is derived when read.
 */
export async function touchAgentSession(
  services: DomainServices,
  context: ActingContext,
  sessionId: string,
  activate: boolean,
): Promise<AgentSessionRow | null> {
  return runChange(services, context, async (tx, record, now) => {
    const [current] = await tx
      .select()
      .from(agentSession)
      .where(eq(agentSession.id, sessionId))
      .for('update')
      .limit(1);
    if (!current || current.status === 'ended') return null;
    const was = effectiveStatus(current, now);
    const next = current.status === 'awaiting_input' && !activate ? 'awaiting_input' : 'active';
    const changed = was !== next;
    const [row] = await tx
      .update(agentSession)
      .set({
        lastSeenAt: now,
        status: next,
        ...(changed ? { version: current.version + 1 } : {}),
        ...(next === 'active' ? { question: null } : {}),
      })
      .where(eq(agentSession.id, sessionId))
      .returning();
    if (!row) return null;
    // Every call of any of the agent's sessions renews the leases the agent holds in this organization
    // (claims.ts takes and releases them). A lease that already ran out is not revived: it is recovered.
    await tx
      .update(task)
      .set({ claimExpiresAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(
        and(
          eq(task.claimAgent, row.agentName),
          gte(task.claimExpiresAt, now),
          sql`${task.projectId} in (select ${project.id} from ${project} where ${project.organizationId} = ${row.organizationId})`,
        ),
      );
    if (changed)
      await recordSession(tx, record, now, 'agent_session.updated', row, `${row.agentName} is ${next}`);
    return row;
  });
}

/** request-input: the session waits for a person; the question is shown on the dashboard. */
export async function markAwaitingInput(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  sessionId: string,
  question: string,
  taskId: string | null,
): Promise<AgentSession> {
  const [row] = await tx
    .update(agentSession)
    .set({
      status: 'awaiting_input',
      question,
      lastSeenAt: now,
      ...(taskId ? { currentTaskId: taskId } : {}),
      version: sql`${agentSession.version} + 1`,
    })
    .where(and(eq(agentSession.id, sessionId), ne(agentSession.status, 'ended')))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'This agent session has ended; start a new one.');
  return recordSession(
    tx,
    record,
    now,
    'agent_session.updated',
    row,
    `${row.agentName} is waiting for input`,
  );
}

/** Which task the session works on now (null = none); an event when it changes. */
export async function setCurrentTask(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  sessionId: string,
  current: TaskSummary | null,
  onlyIf?: string,
): Promise<void> {
  const taskId = current?.id ?? null;
  const [row] = await tx
    .update(agentSession)
    .set({ currentTaskId: taskId, version: sql`${agentSession.version} + 1` })
    .where(
      and(
        eq(agentSession.id, sessionId),
        taskId === null ? sql`${agentSession.currentTaskId} is not null` : undefined,
        taskId !== null
          ? or(isNull(agentSession.currentTaskId), ne(agentSession.currentTaskId, taskId))
          : undefined,
        onlyIf ? eq(agentSession.currentTaskId, onlyIf) : undefined,
      ),
    )
    .returning();
  if (!row) return;
  await recordSession(
    tx,
    record,
    now,
    'agent_session.updated',
    row,
    current ? `${row.agentName} works on ${current.key}` : `${row.agentName} holds no task`,
    current ?? undefined,
  );
}

/** How long a session may go without a call before it is ended. @default 15 minutes */
export const DEFAULT_SESSION_TIMEOUT_MS = 15 * 60_000;

/**
 * Ends sessions with no call for `timeoutMs` (the client went away without DELETE): they show as ended
 * and their current task is cleared. Their agent's claims stay (another session of the agent may go
 * on); a lease nobody renews runs out and is recovered. Each session is re-checked under its row lock,
 * so of several processes sweeping at once exactly one records it. Answers how many it ended.
 */
export async function endSilentSessions(services: DomainServices, timeoutMs: number): Promise<number> {
  const cutoff = new Date(services.clock.now().getTime() - timeoutMs);
  const silent = and(ne(agentSession.status, 'ended'), lt(agentSession.lastSeenAt, cutoff));
  const due = await services.db
    .select({
      id: agentSession.id,
      organizationId: agentSession.organizationId,
      agentName: agentSession.agentName,
    })
    .from(agentSession)
    .where(silent)
    .limit(100);
  let ended = 0;
  for (const session of due) {
    const context: ActingContext = {
      organizationId: session.organizationId,
      actor: { type: 'agent', id: null, name: session.agentName },
    };
    const done = await runChange(services, context, async (tx, record, now) => {
      const [locked] = await tx
        .select({ id: agentSession.id })
        .from(agentSession)
        .where(and(eq(agentSession.id, session.id), silent))
        .for('update')
        .limit(1);
      if (!locked) return false;
      const minutes = Math.round(timeoutMs / 60_000);
      return endAgentSession(
        tx,
        record,
        now,
        session.id,
        `no call for ${minutes} minute${minutes === 1 ? '' : 's'}`,
      );
    });
    if (done) ended++;
  }
  return ended;
}

/**
 * The session ends: its client said so (DELETE; the caller releases its claims in the same
 * transaction), or, with a `reason`, the server ended it (it went silent, its access was revoked).
 * Only the client's own DELETE is a call from it, so only then does its last-seen time move: a session
 * ended for silence keeps the time it was really last seen.
 */
export async function endAgentSession(
  tx: Transaction,
  record: RecordChange,
  now: Date,
  sessionId: string,
  reason?: string,
): Promise<boolean> {
  const [row] = await tx
    .update(agentSession)
    .set({
      status: 'ended',
      endedAt: now,
      ...(reason === undefined ? { lastSeenAt: now } : {}),
      question: null,
      currentTaskId: null,
      version: sql`${agentSession.version} + 1`,
    })
    .where(and(eq(agentSession.id, sessionId), ne(agentSession.status, 'ended')))
    .returning();
  if (!row) return false;
  await recordSession(
    tx,
    record,
    now,
    'agent_session.updated',
    row,
    `${row.agentName} disconnected${reason ? ` (${reason})` : ''}`,
  );
  return true;
}

/** Live sessions and those ended in the last day (or one status), most recently seen first. */
export async function listAgentSessions(
  db: Database,
  context: ActingContext,
  query: ListAgentSessionsQuery,
  now: Date,
): Promise<AgentSession[]> {
  if (query.projectId) await findProject(db, context, query.projectId);
  const idleBefore = new Date(now.getTime() - AGENT_IDLE_AFTER_MS);
  const conditions: (SQL | undefined)[] = [eq(agentSession.organizationId, context.organizationId)];
  if (query.projectId) conditions.push(eq(agentSession.projectId, query.projectId));
  if (query.status === 'idle') {
    conditions.push(eq(agentSession.status, 'active'), lt(agentSession.lastSeenAt, idleBefore));
  } else if (query.status === 'active') {
    conditions.push(eq(agentSession.status, 'active'), gte(agentSession.lastSeenAt, idleBefore));
  } else if (query.status) {
    conditions.push(eq(agentSession.status, query.status));
  } else {
    conditions.push(
      or(
        ne(agentSession.status, 'ended'),
        gte(agentSession.endedAt, new Date(now.getTime() - RECENT_SESSIONS_MS)),
      ),
    );
  }
  const rows = await db
    .select({ session: agentSession, taskKey: task.key, taskTitle: task.title })
    .from(agentSession)
    .leftJoin(task, eq(task.id, agentSession.currentTaskId))
    .where(and(...conditions))
    .orderBy(desc(agentSession.lastSeenAt), desc(agentSession.id))
    .limit(query.limit);
  return rows.map(({ session, taskKey, taskTitle }) =>
    toAgentSession(
      session,
      session.currentTaskId && taskKey && taskTitle !== null
        ? { id: session.currentTaskId, key: taskKey, title: taskTitle }
        : null,
      now,
    ),
  );
}
