import { type MentionDirectory, resolveMentions } from '@switchboard/api-client/contract';
import { eq } from 'drizzle-orm';
import { agentProfile, member, user } from '../../db/schema';
import type { ActingContext } from '../actor';
import type { Transaction } from '../changes';
import { type CreatedNotification, notify } from './notifications';

/** Everyone who can be mentioned in the organization: its members and its agent profiles. */
export async function mentionDirectory(tx: Transaction, organizationId: string): Promise<MentionDirectory> {
  const [people, agents] = await Promise.all([
    tx
      .select({ id: user.id, name: user.name, email: user.email })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(member.organizationId, organizationId)),
    tx
      .select({ name: agentProfile.name })
      .from(agentProfile)
      .where(eq(agentProfile.organizationId, organizationId)),
  ]);
  return { people, agents };
}

/** A comment as mentions need it. */
export interface MentioningComment {
  id: string;
  body: string;
  task: { id: string; key: string; projectId: string; title: string };
}

const SUMMARY_LENGTH = 280;

function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_LENGTH ? `${flat.slice(0, SUMMARY_LENGTH - 1)}…` : flat;
}

/**
 * Notifies each member a comment mentions. Agents can be mentioned (the thread shows them) but have
 * no inbox. Run again after an edit, it tells only people not yet notified about this comment.
 */
export async function notifyMentions(
  tx: Transaction,
  context: ActingContext,
  now: Date,
  comment: MentioningComment,
): Promise<CreatedNotification[]> {
  const { people } = resolveMentions(comment.body, await mentionDirectory(tx, context.organizationId));
  return notify(
    tx,
    context,
    now,
    people.map((person) => ({
      recipientId: person.id,
      kind: 'mentioned' as const,
      title: `${context.actor.name} mentioned you on ${comment.task.key}: ${comment.task.title}`,
      summary: excerpt(comment.body),
      task: comment.task,
      commentId: comment.id,
    })),
  );
}
