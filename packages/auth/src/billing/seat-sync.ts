import type { AuthContext, BetterAuthPlugin } from 'better-auth';
import type Stripe from 'stripe';

type Adapter = AuthContext['adapter'];
type MemberChange = { organization?: { id: string } | null };
type MemberHook = (data: MemberChange) => Promise<void>;

const RUNNING_STATUSES = ['active', 'trialing', 'past_due'];

/**
 * Team is paid per member: when someone joins or is removed, the running subscription's quantity
 * follows (Stripe prorates). The Stripe plugin only does this for plans with a separate seat price,
 * which cannot also offer a yearly price, so ours carries the quantity on its one price instead.
 * A failure is logged, never turned into a failed invitation: the next change corrects the count.
 */
async function syncSeats(adapter: Adapter, stripeClient: Stripe, organizationId: string): Promise<void> {
  const row = await adapter.findOne<{
    id: string;
    stripeSubscriptionId: string | null;
    seats: number | null;
  }>({
    model: 'subscription',
    where: [
      { field: 'referenceId', value: organizationId },
      { field: 'status', operator: 'in', value: RUNNING_STATUSES },
    ],
  });
  if (!row?.stripeSubscriptionId) return;
  const seats = Math.max(
    1,
    await adapter.count({ model: 'member', where: [{ field: 'organizationId', value: organizationId }] }),
  );
  if (row.seats === seats) return;
  const subscription = await stripeClient.subscriptions.retrieve(row.stripeSubscriptionId);
  const item = subscription.items.data[0];
  if (!item) return;
  if (item.quantity !== seats) {
    await stripeClient.subscriptions.update(subscription.id, {
      items: [{ id: item.id, quantity: seats }],
      proration_behavior: 'create_prorations',
    });
  }
  await adapter.update({ model: 'subscription', update: { seats }, where: [{ field: 'id', value: row.id }] });
}

export function seatSync(stripeClient: Stripe): BetterAuthPlugin {
  return {
    id: 'switchboard-billing-seats',
    init(ctx) {
      const organizationPlugin = ctx.getPlugin('organization') as {
        options: { organizationHooks?: Record<string, MemberHook | undefined> };
      } | null;
      if (!organizationPlugin) return;
      const hooks = organizationPlugin.options.organizationHooks ?? {};
      const after =
        (existing: MemberHook | undefined): MemberHook =>
        async (data) => {
          await existing?.(data);
          const organizationId = data.organization?.id;
          if (!organizationId) return;
          await syncSeats(ctx.adapter, stripeClient, organizationId).catch((error: unknown) => {
            ctx.logger.error(`Seats not synced to Stripe: ${(error as Error).message}`);
          });
        };
      organizationPlugin.options.organizationHooks = {
        ...hooks,
        afterAddMember: after(hooks.afterAddMember),
        afterRemoveMember: after(hooks.afterRemoveMember),
        afterAcceptInvitation: after(hooks.afterAcceptInvitation),
      };
    },
  };
}
