import { eq } from 'drizzle-orm';
import { user } from '../db/schema';
import type { ActingContext } from '../domain/actor';
import type { DomainServices } from '../domain/services';

/**
 * Tells a person's open stream when invitations to their address change (one sent to them, cancelled,
 * accepted or declined), whichever organization it is about: invitations come from organizations the
 * person is not in, so no organization's log carries them. The notice says only that something changed;
 * the page reads the invitations again. Keys act for agents, who are never invited: their streams get none.
 * Returns the function that stops it.
 */
export async function forwardInvitationNotices(
  services: DomainServices,
  context: ActingContext,
  notify: () => void,
): Promise<() => void> {
  if (context.actor.type !== 'user' || !context.actor.id) return () => undefined;
  const [person] = await services.db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, context.actor.id))
    .limit(1);
  const address = person?.email.toLowerCase();
  if (!address) return () => undefined;
  return services.bus.onInvitationChange((email) => {
    if (email === address) notify();
  });
}
