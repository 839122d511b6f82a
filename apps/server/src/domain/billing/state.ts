import type { BillingPlan, BillingStatus } from '@switchboard/api-client/contract';
import { subscription } from '@switchboard/auth/schema';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organization } from '../../db/schema';
import type { Transaction } from '../changes';
import { TRIAL_DAYS } from './plans';

export type SubscriptionRow = typeof subscription.$inferSelect;

/** Stripe statuses under which the organization keeps the paid plan (Stripe retries a failed payment). */
const PAID_STATUSES = new Set(['active', 'trialing', 'past_due']);
/** Rows of checkouts that never completed: nothing to show. */
const UNSTARTED_STATUSES = new Set(['incomplete', 'incomplete_expired']);
const SHOWN_STATUSES = new Set<BillingStatus>(['trialing', 'active', 'past_due', 'canceled', 'unpaid']);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where an organization stands with billing on: its plan, its subscription if any, its trial. */
export interface BillingState {
  plan: Exclude<BillingPlan, 'self-hosted'>;
  status: BillingStatus;
  subscription: SubscriptionRow | undefined;
  trialEndsAt: Date;
  /** Whole days left of the app's own trial, while it runs and nothing is paid; else null. */
  trialDaysLeft: number | null;
}

/**
 * The trial is kept by the app, not Stripe: every organization gets it from its creation, without a
 * card, so it needs no checkout and can never be granted twice.
 */
export function trialEndOf(createdAt: Date): Date {
  return new Date(createdAt.getTime() + TRIAL_DAYS * DAY_MS);
}

/** The subscription that describes the organization: a paying one first, else the latest that ended. */
function currentSubscription(rows: SubscriptionRow[]): SubscriptionRow | undefined {
  const started = rows.filter((row) => !UNSTARTED_STATUSES.has(row.status));
  return started.find((row) => PAID_STATUSES.has(row.status)) ?? started[0];
}

export async function billingStateOf(
  db: Database | Transaction,
  organizationId: string,
  now: Date,
): Promise<BillingState> {
  const [org] = await db
    .select({ createdAt: organization.createdAt })
    .from(organization)
    .where(eq(organization.id, organizationId))
    .limit(1);
  if (!org) throw new Error(`organization ${organizationId} not found`);
  const rows = await db
    .select()
    .from(subscription)
    .where(eq(subscription.referenceId, organizationId))
    .orderBy(desc(subscription.periodEnd));
  const current = currentSubscription(rows);
  const trialEndsAt = trialEndOf(org.createdAt);
  const paid = current !== undefined && PAID_STATUSES.has(current.status);
  const inTrial = !paid && now < trialEndsAt;
  const trialDaysLeft = inTrial ? Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS) : null;
  const shownStatus = current && SHOWN_STATUSES.has(current.status as BillingStatus);
  return {
    plan: paid || inTrial ? 'team' : 'free',
    status: inTrial ? 'trialing' : shownStatus ? (current.status as BillingStatus) : 'none',
    subscription: current,
    trialEndsAt,
    trialDaysLeft,
  };
}
