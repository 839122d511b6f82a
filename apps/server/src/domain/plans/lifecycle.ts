import type {
  CreatePlan,
  CreatePlanMessage,
  Plan,
  PlanItem,
  PlanMessage,
  PlanStatus,
  PlanSummary,
  UpdatePlan,
} from '@switchboard/api-client/contract';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentProfile, member, plan, planItem, planMessage, user } from '../../db/schema';
import type { ActingContext } from '../actor';
import { type ChangeSubject, madeAt, runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import { type CreatedNotification, mailAfterCommit } from '../people/notifications';
import { findProject } from '../projects/lookup';
import type { DomainServices } from '../services';
import { versionConflict } from '../versioning';
import { draftFromOutline, type ItemDraft, structureProblems, withCanonicalKeys } from './items';
import { notifyPlanMentions } from './mentions';
import { parsePlanOutline } from './outline';
import { authorOfRevision, recordRevision } from './revisions';
import { planWarnings } from './warnings';

type Executor = Database | Transaction;
export type PlanRow = typeof plan.$inferSelect;
export type PlanItemRow = typeof planItem.$inferSelect;
type PlanMessageRow = typeof planMessage.$inferSelect;

/** Plans in these statuses are finished with: nothing more is accepted, revised or rejected. */
const CLOSED: readonly PlanStatus[] = ['accepted', 'rejected', 'superseded'];

export function isClosed(status: PlanStatus): boolean {
  return CLOSED.includes(status);
}

// ——— Reading ———

/** The plan if it belongs to the caller's organization; otherwise PLAN_NOT_FOUND (never a 403). */
export async function findPlan(
  db: Executor,
  context: ActingContext,
  planId: string,
  options: { lock?: boolean } = {},
): Promise<PlanRow> {
  const query = db
    .select()
    .from(plan)
    .where(and(eq(plan.id, planId), eq(plan.organizationId, context.organizationId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('PLAN_NOT_FOUND');
  return row;
}

export async function itemRowsOf(db: Executor, planId: string, revision: number): Promise<PlanItemRow[]> {
  return db
    .select()
    .from(planItem)
    .where(and(eq(planItem.planId, planId), eq(planItem.revision, revision)))
    .orderBy(asc(planItem.position));
}

export function toPlanItem(row: PlanItemRow): PlanItem {
  return {
    key: row.key,
    kind: row.kind,
    parent: row.parentKey,
    title: row.title,
    description: row.description,
    acceptanceCriteria: row.acceptanceCriteria,
    priority: row.priority,
    estimateHours: row.estimateHours,
    dependsOn: row.dependsOn,
    assignee: row.assignee,
    assigneeUserId: row.assigneeUserId,
    acceptedAs: row.acceptedAs && row.acceptedKey ? { id: row.acceptedAs, key: row.acceptedKey } : null,
  };
}

export function toPlanSummary(row: PlanRow, counts: { items: number; accepted: number }): PlanSummary {
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    summary: row.summary,
    status: row.status,
    revision: row.revision,
    author: { type: row.authorType, id: row.authorId, name: row.authorName },
    rejectionReason: row.rejectionReason,
    itemCount: counts.items,
    acceptedCount: counts.accepted,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function countsOf(items: readonly PlanItemRow[]) {
  return { items: items.length, accepted: items.filter((item) => item.acceptedAs !== null).length };
}

/** The organization's agent names in lower case, as the warnings compare them. */
async function knownAgentsOf(db: Executor, organizationId: string): Promise<Set<string>> {
  const rows = await db
    .select({ name: agentProfile.name })
    .from(agentProfile)
    .where(eq(agentProfile.organizationId, organizationId));
  return new Set(rows.map((row) => row.name.toLowerCase()));
}

/** A plan with the items of one revision and the advice about them. */
export async function viewPlan(
  db: Executor,
  row: PlanRow,
  revision: number = row.revision,
  currentItems?: PlanItemRow[],
): Promise<Plan> {
  const current = currentItems ?? (await itemRowsOf(db, row.id, row.revision));
  const shown = revision === row.revision ? current : await itemRowsOf(db, row.id, revision);
  const items = shown.map(toPlanItem);
  return {
    ...toPlanSummary(row, countsOf(current)),
    shownRevision: revision,
    revisionAuthor: await authorOfRevision(db, row, revision),
    items,
    warnings: planWarnings(items, await knownAgentsOf(db, row.organizationId)),
  };
}

/** One plan with its current items, or those of an earlier revision (?revision=n). */
export async function getPlan(
  db: Database,
  context: ActingContext,
  planId: string,
  revision?: number,
): Promise<Plan> {
  const row = await findPlan(db, context, planId);
  if (revision !== undefined && revision > row.revision) {
    const message = `revision: this plan has revisions 1 to ${row.revision}`;
    throw new AppError('VALIDATION_FAILED', message, [
      { code: 'custom', path: ['revision'], message: `must be 1 to ${row.revision}` },
    ]);
  }
  return viewPlan(db, row, revision);
}

/** A project's plans, newest first, each with how many items it has and how many were accepted. */
export async function listPlans(
  db: Database,
  context: ActingContext,
  projectId: string,
  filter: { status?: PlanStatus } = {},
): Promise<PlanSummary[]> {
  await findProject(db, context, projectId);
  const rows = await db
    .select()
    .from(plan)
    .where(and(eq(plan.projectId, projectId), filter.status ? eq(plan.status, filter.status) : undefined))
    .orderBy(desc(plan.createdAt), desc(plan.id));
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      planId: planItem.planId,
      revision: planItem.revision,
      items: count(),
      accepted: count(planItem.acceptedAs),
    })
    .from(planItem)
    .where(
      inArray(
        planItem.planId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(planItem.planId, planItem.revision);
  return rows.map((row) => {
    const current = counts.find((entry) => entry.planId === row.id && entry.revision === row.revision);
    return toPlanSummary(row, { items: current?.items ?? 0, accepted: current?.accepted ?? 0 });
  });
}

// ——— Proposing and revising ———

function aboutPlan(row: PlanRow, summary: string): ChangeSubject<'plan'> {
  return { projectId: row.projectId, entity: 'plan', entityId: row.id, summary };
}

/** The items a create or an update gives, as a list or a parsed outline; a bad outline is a 400 by line. */
function draftsOf(input: { items?: CreatePlan['items']; outline?: string }): {
  drafts: ItemDraft[];
  title: string | null;
  summary: string;
} {
  if (input.outline !== undefined) {
    const parsed = parsePlanOutline(input.outline);
    if (!parsed.ok) {
      const lines = parsed.problems.map((problem) => `line ${problem.line}: ${problem.message}`);
      throw new AppError(
        'VALIDATION_FAILED',
        `outline: ${parsed.problems.length === 1 ? 'a problem' : `${parsed.problems.length} problems`}: ${lines.join('; ')}`,
        parsed.problems.map((problem) => ({
          code: 'custom',
          path: ['outline'],
          line: problem.line,
          message: `line ${problem.line}: ${problem.message}`,
        })),
      );
    }
    return { drafts: parsed.items.map(draftFromOutline), title: parsed.title, summary: parsed.summary };
  }
  const drafts = (input.items ?? []).map((item) => ({
    key: item.key,
    kind: item.kind,
    parent: item.parent ?? null,
    title: item.title,
    description: item.description ?? '',
    acceptanceCriteria: item.acceptanceCriteria ?? [],
    priority: item.priority ?? null,
    estimateHours: item.estimateHours ?? null,
    dependsOn: item.dependsOn ?? [],
    assignee: item.assignee ?? null,
  }));
  return { drafts, title: null, summary: '' };
}

function checkStructure(drafts: ItemDraft[], field: 'items' | 'outline'): ItemDraft[] {
  const problems = structureProblems(drafts);
  if (problems.length > 0) {
    const words = problems.map((problem) => problem.message).join('; ');
    throw new AppError(
      'VALIDATION_FAILED',
      `${field}: ${words}`,
      problems.map((problem) => ({
        code: 'custom',
        path: field === 'items' ? problem.path : ['outline'],
        message: problem.message,
      })),
    );
  }
  return withCanonicalKeys(drafts);
}

/**
 * Names the assignee as tasks hold it: an agent profile by its name, a member by their e-mail. Words
 * that name nobody are kept as written, so the plan shows them and warns; accepting leaves that task
 * unassigned.
 */
async function resolveAssignees(tx: Transaction, context: ActingContext, drafts: readonly ItemDraft[]) {
  const written = [...new Set(drafts.flatMap((draft) => (draft.assignee ? [draft.assignee] : [])))];
  const resolved = new Map<string, { assignee: string | null; assigneeUserId: string | null }>();
  if (written.length === 0) return resolved;
  const emails = written.filter((words) => words.includes('@')).map((words) => words.toLowerCase());
  const [agents, people] = await Promise.all([
    tx
      .select({ name: agentProfile.name })
      .from(agentProfile)
      .where(eq(agentProfile.organizationId, context.organizationId)),
    emails.length
      ? tx
          .select({ id: user.id, email: user.email })
          .from(member)
          .innerJoin(user, eq(user.id, member.userId))
          .where(
            and(
              eq(member.organizationId, context.organizationId),
              inArray(sql`lower(${user.email})`, emails),
            ),
          )
      : [],
  ]);
  const agentNames = new Map(agents.map((agent) => [agent.name.toLowerCase(), agent.name]));
  const personByEmail = new Map(people.map((person) => [person.email.toLowerCase(), person.id]));
  for (const words of written) {
    const personId = personByEmail.get(words.toLowerCase());
    resolved.set(
      words,
      personId
        ? { assignee: null, assigneeUserId: personId }
        : { assignee: agentNames.get(words.toLowerCase()) ?? words, assigneeUserId: null },
    );
  }
  return resolved;
}

/** Writes one revision's items; accepted keys keep what they became. */
async function writeItems(
  tx: Transaction,
  context: ActingContext,
  planId: string,
  revision: number,
  drafts: readonly ItemDraft[],
  accepted: ReadonlyMap<string, { id: string; key: string }> = new Map(),
): Promise<PlanItemRow[]> {
  const assignees = await resolveAssignees(tx, context, drafts);
  const rows = drafts.map((draft, position) => {
    const assignee = draft.assignee ? assignees.get(draft.assignee) : undefined;
    const was = accepted.get(draft.key);
    return {
      planId,
      revision,
      key: draft.key,
      kind: draft.kind,
      parentKey: draft.parent,
      title: draft.title,
      description: draft.description,
      acceptanceCriteria: draft.acceptanceCriteria,
      priority: draft.priority,
      estimateHours: draft.estimateHours,
      dependsOn: draft.dependsOn,
      assignee: assignee?.assignee ?? null,
      assigneeUserId: assignee?.assigneeUserId ?? null,
      acceptedAs: was?.id ?? null,
      acceptedKey: was?.key ?? null,
      position,
    };
  });
  // Batches keep each statement's parameter count far below PostgreSQL's limit of 65,535.
  const written: PlanItemRow[] = [];
  for (let start = 0; start < rows.length; start += 200) {
    written.push(
      ...(await tx
        .insert(planItem)
        .values(rows.slice(start, start + 200))
        .returning()),
    );
  }
  return written.sort((a, b) => a.position - b.position);
}

/** Proposes a plan for a project: items as a list or an outline. People and agents both propose. */
export async function proposePlan(
  services: DomainServices,
  context: ActingContext,
  projectId: string,
  input: CreatePlan,
): Promise<Plan> {
  const { drafts, title, summary } = draftsOf(input);
  const items = checkStructure(drafts, input.outline !== undefined ? 'outline' : 'items');
  const planTitle = input.title ?? title;
  if (!planTitle) {
    throw new AppError('VALIDATION_FAILED', 'title: is required (or start the outline with a # heading)', [
      { code: 'custom', path: ['title'], message: 'is required (or start the outline with a # heading)' },
    ]);
  }
  return runChange(services, context, async (tx, record, now) => {
    await findProject(tx, context, projectId);
    const [row] = await tx
      .insert(plan)
      .values({
        id: crypto.randomUUID(),
        organizationId: context.organizationId,
        projectId,
        title: planTitle,
        summary: input.summary ?? summary,
        status: input.status ?? 'proposed',
        authorType: context.actor.type,
        authorId: context.actor.id,
        authorName: context.actor.name,
        ...madeAt(now),
      })
      .returning();
    if (!row) throw new Error('plan insert returned nothing');
    const itemRows = await writeItems(tx, context, row.id, 1, items);
    await recordRevision(tx, now, row.id, 1, context.actor);
    const view = await viewPlan(tx, row, row.revision, itemRows);
    await record({
      ...aboutPlan(row, `proposed plan "${row.title}" (${itemRows.length} items)`),
      action: 'plan.created',
      data: { version: row.version, plan: toPlanSummary(row, countsOf(itemRows)) },
    });
    return view;
  });
}

function statusProblem(message: string): AppError {
  return new AppError('VALIDATION_FAILED', `status: ${message}`, [
    { code: 'custom', path: ['status'], message },
  ]);
}

/**
 * Title, summary and status change in place. New items — a list or an outline — replace the whole
 * set as revision n+1; revision n stays readable. Items accepted already must stay in the plan and keep
 * what they became.
 */
export async function revisePlan(
  services: DomainServices,
  context: ActingContext,
  planId: string,
  input: UpdatePlan,
): Promise<Plan> {
  const newItems =
    input.items !== undefined || input.outline !== undefined
      ? (() => {
          const { drafts } = draftsOf(input);
          return checkStructure(drafts, input.outline !== undefined ? 'outline' : 'items');
        })()
      : undefined;
  return runChange(services, context, async (tx, record, now) => {
    const current = await findPlan(tx, context, planId, { lock: true });
    if (isClosed(current.status)) {
      throw new AppError(
        'PLAN_CLOSED',
        `This plan is ${current.status.replace('_', ' ')}; it can no longer change.`,
      );
    }
    if (current.version !== input.version) {
      throw versionConflict('plan', current.version);
    }
    const currentItems = await itemRowsOf(tx, planId, current.revision);
    const accepted = new Map(
      currentItems.flatMap((item) =>
        item.acceptedAs && item.acceptedKey
          ? [[item.key, { id: item.acceptedAs, key: item.acceptedKey }] as const]
          : [],
      ),
    );
    if (input.status && input.status !== current.status && current.status === 'partially_accepted') {
      if (input.status !== 'superseded') {
        throw statusProblem('a partly accepted plan can only be marked superseded');
      }
    }
    let itemRows = currentItems;
    let revision = current.revision;
    if (newItems) {
      const dropped = [...accepted.entries()].filter(([key]) => !newItems.some((item) => item.key === key));
      if (dropped.length > 0) {
        const names = dropped.map(([key, made]) => `${key} (accepted as ${made.key})`).join(', ');
        const message = `accepted items must stay in the plan: ${names}`;
        throw new AppError('VALIDATION_FAILED', `items: ${message}`, [
          { code: 'custom', path: [input.outline !== undefined ? 'outline' : 'items'], message },
        ]);
      }
      revision = current.revision + 1;
      itemRows = await writeItems(tx, context, planId, revision, newItems, accepted);
      await recordRevision(tx, now, planId, revision, context.actor);
    }
    const fields = Object.keys(input).filter((field) => field !== 'version' && field !== 'outline');
    if (input.outline !== undefined) fields.push('items');
    const [row] = await tx
      .update(plan)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.summary !== undefined ? { summary: input.summary } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        revision,
        version: current.version + 1,
        updatedAt: now,
      })
      .where(eq(plan.id, planId))
      .returning();
    if (!row) throw new Error('plan update returned nothing');
    const edits = [
      current.title !== row.title ? `title "${current.title}" → "${row.title}"` : '',
      current.summary !== row.summary ? 'summary edited' : '',
      current.status !== row.status ? `status ${current.status} → ${row.status}` : '',
    ].filter(Boolean);
    const words = newItems
      ? `revised plan "${row.title}" (revision ${revision}, ${itemRows.length} items)`
      : `updated plan "${row.title}"${edits.length ? `: ${edits.join(', ')}` : ' (nothing changed)'}`;
    await record({
      ...aboutPlan(row, words),
      action: 'plan.updated',
      data: { version: row.version, plan: toPlanSummary(row, countsOf(itemRows)), fields },
    });
    return viewPlan(tx, row, row.revision, itemRows);
  });
}

// ——— Accepting and rejecting belong to people ———

/** Agents propose, revise and discuss plans; only a person decides what becomes work. */
export function requirePerson(context: ActingContext, doing: 'accept' | 'reject'): void {
  if (context.actor.type !== 'user') {
    throw new AppError(
      'FORBIDDEN',
      `Only a person can ${doing} a plan; an agent (or API key) may propose, revise and discuss it.`,
    );
  }
}

export async function rejectPlan(
  services: DomainServices,
  context: ActingContext,
  planId: string,
  reason: string,
): Promise<Plan> {
  await findPlan(services.db, context, planId);
  requirePerson(context, 'reject');
  return runChange(services, context, async (tx, record, now) => {
    const current = await findPlan(tx, context, planId, { lock: true });
    if (isClosed(current.status)) {
      throw new AppError('PLAN_CLOSED', `This plan is ${current.status.replace('_', ' ')} already.`);
    }
    const [row] = await tx
      .update(plan)
      .set({
        status: 'rejected',
        rejectionReason: reason,
        version: current.version + 1,
        updatedAt: now,
      })
      .where(eq(plan.id, planId))
      .returning();
    if (!row) throw new Error('plan update returned nothing');
    const items = await itemRowsOf(tx, planId, row.revision);
    await record({
      ...aboutPlan(row, `rejected plan "${row.title}": ${reason}`),
      action: 'plan.rejected',
      data: { version: row.version, plan: toPlanSummary(row, countsOf(items)) },
    });
    return viewPlan(tx, row, row.revision, items);
  });
}

// ——— The conversation ———

export function toPlanMessage(row: PlanMessageRow): PlanMessage {
  return {
    id: row.id,
    planId: row.planId,
    itemKey: row.itemKey,
    author: { type: row.authorType, id: row.authorId, name: row.authorName },
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Says something about a plan or one of its items; members it @mentions are told in their inbox, and
 * by mail once the message has committed.
 */
export async function addPlanMessage(
  services: DomainServices,
  context: ActingContext,
  planId: string,
  input: CreatePlanMessage,
): Promise<PlanMessage> {
  const notified: CreatedNotification[] = [];
  const written = await runChange(services, context, async (tx, record, now) => {
    const current = await findPlan(tx, context, planId);
    let itemKey: string | null = null;
    if (input.item !== undefined) {
      const items = await itemRowsOf(tx, planId, current.revision);
      const item = items.find((candidate) => candidate.key.toLowerCase() === input.item?.toLowerCase());
      if (!item) {
        const message = `this plan has no item ${input.item}`;
        throw new AppError('VALIDATION_FAILED', `item: ${message}`, [
          { code: 'custom', path: ['item'], message },
        ]);
      }
      itemKey = item.key;
    }
    const [row] = await tx
      .insert(planMessage)
      .values({
        id: crypto.randomUUID(),
        planId,
        itemKey,
        authorType: context.actor.type,
        authorId: context.actor.id,
        authorName: context.actor.name,
        body: input.body,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('plan message insert returned nothing');
    const message = toPlanMessage(row);
    notified.push(
      ...(await notifyPlanMentions(tx, context, now, { plan: current, messageId: row.id, body: row.body })),
    );
    await record({
      projectId: current.projectId,
      entity: 'plan_message',
      entityId: row.id,
      action: 'plan_message.created',
      summary: `wrote on plan "${current.title}"${itemKey ? ` about ${itemKey}` : ''}`,
      data: { planId, message },
    });
    return message;
  });
  mailAfterCommit(services, notified);
  return written;
}

/** `since` as a message of this plan, or as a time; anything else is a 400 on `since`. */
async function sinceCondition(db: Executor, planId: string, since: string) {
  const [anchor] = await db
    .select({ id: planMessage.id })
    .from(planMessage)
    .where(and(eq(planMessage.planId, planId), eq(planMessage.id, since)))
    .limit(1);
  if (anchor) {
    // Compared in the database: its timestamps are finer than a JavaScript Date, which would round the
    // anchor's own time down and count the anchor as newer than itself.
    return sql`(${planMessage.createdAt}, ${planMessage.id}) > (select anchor.created_at, anchor.id from ${planMessage} as anchor where anchor.id = ${anchor.id})`;
  }
  const time = /^\d{4}-\d{2}-\d{2}/.test(since) ? new Date(since) : null;
  if (!time || Number.isNaN(time.getTime())) {
    const message = 'must be the id of a message of this plan or an ISO time';
    throw new AppError('VALIDATION_FAILED', `since: ${message}`, [
      { code: 'custom', path: ['since'], message },
    ]);
  }
  return gt(planMessage.createdAt, time);
}

/**
 * A plan's messages oldest first; with `since` (a message id or an ISO time) only the later ones. An
 * agent waiting for an answer reads with the last id it saw.
 */
export async function messagesSince(
  db: Database,
  context: ActingContext,
  planId: string,
  since?: string,
  limit = 100,
): Promise<PlanMessage[]> {
  await findPlan(db, context, planId);
  const rows = await db
    .select()
    .from(planMessage)
    .where(and(eq(planMessage.planId, planId), since ? await sinceCondition(db, planId, since) : undefined))
    .orderBy(asc(planMessage.createdAt), asc(planMessage.id))
    .limit(limit);
  return rows.map(toPlanMessage);
}

/**
 * Waits until the plan has messages after `since` (by anyone but the caller when `othersOnly`), at
 * most `waitMs`, and answers them. It listens on the bus before reading, so a message written in
 * between is never missed, and one written through another server process (PostgreSQL's bus) wakes
 * it as well.
 */
export async function waitForPlanMessages(
  services: DomainServices,
  context: ActingContext,
  planId: string,
  options: { since?: string; waitMs: number; signal?: AbortSignal; othersOnly?: boolean },
): Promise<PlanMessage[]> {
  const wanted = (messages: PlanMessage[]) =>
    options.othersOnly
      ? messages.filter(
          (message) =>
            message.author.type !== context.actor.type ||
            message.author.id !== context.actor.id ||
            message.author.name !== context.actor.name,
        )
      : messages;
  let stop = () => {};
  let wake = () => {};
  const woken = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, options.waitMs);
    const unsubscribe = services.bus.subscribe(context.organizationId, (event) => {
      if (event.action === 'plan_message.created' && event.data.planId === planId) wake();
    });
    const onAbort = () => resolve();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    stop = () => {
      clearTimeout(timer);
      unsubscribe();
      options.signal?.removeEventListener('abort', onAbort);
    };
  });
  try {
    let since = options.since;
    for (;;) {
      const next = woken();
      const messages = await messagesSince(services.db, context, planId, since);
      const found = wanted(messages);
      if (found.length > 0) return found;
      since = messages.at(-1)?.id ?? since;
      const ended = await Promise.race([done.then(() => true), next.then(() => false)]);
      if (ended) return wanted(await messagesSince(services.db, context, planId, since));
    }
  } finally {
    stop();
  }
}
