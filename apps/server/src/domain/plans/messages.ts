import type { CreatePlanMessage, PlanMessage } from '@switchboard/api-client/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { planMessage } from '../../db/schema';
import type { ActingContext } from '../actor';
import { runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import { type CreatedNotification, mailAfterCommit } from '../people/notifications';
import type { DomainServices } from '../services';
import { notifyPlanMentions } from './mentions';
import { findPlan, itemRowsOf } from './reads';
import { toPlanMessage } from './rows';

type Executor = Database | Transaction;

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
