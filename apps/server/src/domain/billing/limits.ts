import type { PlanLimitDetails, PlanLimitName } from '@switchboard/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Transaction } from '../changes';
import { AppError } from '../errors';
import { LIMIT_WORDS, PLANS } from './plans';
import type { Billing } from './service';
import { billingStateOf } from './state';
import { usageOf } from './usage';

/**
 * Refuses to create one more project or agent profile beyond the organization's plan. Only creating
 * is limited: what exists stays readable and editable when a trial or subscription ends. Off
 * (self-hosted), nothing is limited and nothing is read.
 *
 * Called inside the creating transaction: it locks the organization's row first, so two creations at
 * once count one after the other and cannot both take the last place.
 */
export async function assertWithinPlan(
  db: Database | Transaction,
  billing: Billing | undefined,
  organizationId: string,
  limit: PlanLimitName,
): Promise<void> {
  if (!billing) return;
  await db.execute(sql`select 1 from organization where id = ${organizationId} for update`);
  const state = await billingStateOf(db, organizationId, billing.now());
  const max = PLANS[state.plan].limits[limit];
  if (max === null) return;
  if ((await usageOf(db, organizationId, limit)) < max) return;
  const words = LIMIT_WORDS[limit];
  const details: PlanLimitDetails = { limit, max, plan: state.plan };
  throw new AppError(
    'PLAN_LIMIT_REACHED',
    `The ${PLANS[state.plan].name} plan allows ${max} ${max === 1 ? words.one : words.many}. ` +
      `An owner or admin can upgrade to the Team plan under Settings → Billing to add more.`,
    details,
  );
}
