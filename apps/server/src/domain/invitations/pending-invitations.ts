import type { PendingInvitation } from '@switchboard/api-client/contract';
import { and, desc, eq, gt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { invitation, member, organization, user } from '../../db/schema';
import type { ActingContext } from '../actor';
import { AppError } from '../errors';

/**
 * The invitations a signed-in person may answer: sent to their address (in any case), still pending
 * and unexpired, from organizations they are not already in. Keys act for agents or for scripts, which
 * are never invited, so only a person signed in asks.
 */
export async function pendingInvitationsOf(
  db: Database,
  context: ActingContext,
  now: Date,
): Promise<PendingInvitation[]> {
  if (context.actor.type !== 'user' || !context.actor.id)
    throw new AppError('FORBIDDEN', 'Invitations are for people signed in; an agent has none.');
  const personId = context.actor.id;
  const [person] = await db.select({ email: user.email }).from(user).where(eq(user.id, personId)).limit(1);
  if (!person) return [];
  const inviter = alias(user, 'inviter');
  const rows = await db
    .select({
      id: invitation.id,
      role: invitation.role,
      createdAt: invitation.createdAt,
      expiresAt: invitation.expiresAt,
      organization: {
        id: organization.id,
        name: organization.name,
        slug: organization.slug,
        logo: organization.logo,
      },
      inviter: { name: inviter.name, email: inviter.email },
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(inviter, eq(inviter.id, invitation.inviterId))
    .where(
      and(
        sql`lower(${invitation.email}) = lower(${person.email})`,
        eq(invitation.status, 'pending'),
        gt(invitation.expiresAt, now),
        notExists(
          db
            .select({ id: member.id })
            .from(member)
            .where(and(eq(member.organizationId, invitation.organizationId), eq(member.userId, personId))),
        ),
      ),
    )
    .orderBy(desc(invitation.createdAt));
  return rows.map((row) => ({
    ...row,
    role: row.role ?? 'member',
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}
