import type { BillingOverview } from '@switchboard/api-client/contract';
import type { ActingIdentity } from '../../auth/acting-context';
import type { Database } from '../../db/client';
import { canWriteSettings } from '../settings-writers';
import { PLANS } from './plans';
import type { Billing } from './service';
import { billingStateOf } from './state';
import { memberCountOf, usageOf } from './usage';

/** Whether the caller may change the organization's billing: the roles that may update it. */
export function canManageBilling(acting: ActingIdentity): boolean {
  return canWriteSettings(acting.role);
}

/** GET /billing: what the organization pays for, allows and uses. */
export async function billingOverview(
  db: Database,
  billing: Billing | undefined,
  acting: ActingIdentity,
): Promise<BillingOverview> {
  const { organizationId } = acting;
  const usage = {
    projects: await usageOf(db, organizationId, 'projects'),
    agentProfiles: await usageOf(db, organizationId, 'agentProfiles'),
    members: await memberCountOf(db, organizationId),
  };
  if (!billing) {
    return {
      enabled: false,
      plan: 'self-hosted',
      planName: PLANS['self-hosted'].name,
      status: 'none',
      trialEndsAt: null,
      trialDaysLeft: null,
      seats: null,
      periodEnd: null,
      cancelAtPeriodEnd: false,
      annual: null,
      limits: PLANS['self-hosted'].limits,
      usage,
      canManage: false,
      prices: { monthly: false, annual: false },
    };
  }
  const state = await billingStateOf(db, organizationId, billing.now());
  const current = state.subscription;
  return {
    enabled: true,
    plan: state.plan,
    planName: PLANS[state.plan].name,
    status: state.status,
    trialEndsAt: state.trialEndsAt.toISOString(),
    trialDaysLeft: state.trialDaysLeft,
    seats: current?.seats ?? null,
    periodEnd: current?.periodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: Boolean(current?.cancelAtPeriodEnd || current?.cancelAt),
    annual: current ? current.billingInterval === 'year' : null,
    limits: PLANS[state.plan].limits,
    usage,
    canManage: canManageBilling(acting),
    prices: {
      monthly: Boolean(billing.settings.prices.monthly),
      annual: Boolean(billing.settings.prices.annual),
    },
  };
}
