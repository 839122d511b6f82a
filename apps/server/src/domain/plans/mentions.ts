import { resolveMentions } from '@switchboard/api-client/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { member, notification, type plan } from '../../db/schema';
import type { ActingContext } from '../actor';
import type { Transaction } from '../changes';
import { mentionDirectory } from '../people/mentions';
import type { CreatedNotification } from '../people/notifications';

const SUMMARY_LENGTH = 280;

function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_LENGTH ? `${flat.slice(0, SUMMARY_LENGTH - 1)}…` : flat;
}

/**
 * Tells each member a plan message @mentions, in their inbox, pointing at the plan. As with comments,
 * nobody is told about their own words, agents have no inbox, and only members are told anything.
 * The entries written are returned for the caller to mail once the message has committed.
 */
export async function notifyPlanMentions(
  tx: Transaction,
  context: ActingContext,
  now: Date,
  message: { plan: typeof plan.$inferSelect; messageId: string; body: string },
): Promise<CreatedNotification[]> {
  const { people } = resolveMentions(message.body, await mentionDirectory(tx, context.organizationId));
  const actorUserId = context.actor.type === 'user' ? context.actor.id : null;
  const recipients = [...new Set(people.map((person) => person.id))].filter((id) => id !== actorUserId);
  if (recipients.length === 0) return [];
  const members = await tx
    .select({ userId: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, context.organizationId), inArray(member.userId, recipients)));
  if (members.length === 0) return [];
  const rows = await tx
    .insert(notification)
    .values(
      members.map(({ userId }) => ({
        id: crypto.randomUUID(),
        organizationId: context.organizationId,
        recipientId: userId,
        kind: 'mentioned' as const,
        projectId: message.plan.projectId,
        planId: message.plan.id,
        actorType: context.actor.type,
        actorName: context.actor.name,
        title: `${context.actor.name} mentioned you on the plan "${message.plan.title}"`,
        summary: excerpt(message.body),
        createdAt: now,
      })),
    )
    .returning();
  return rows.map((row) => ({ row, taskKey: null }));
}
