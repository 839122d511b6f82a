import type { BillingPlan, PlanLimitName, PlanLimits } from '@switchboard/api-client/contract';

export interface PlanDefinition {
  name: string;
  /** null means unlimited. */
  limits: PlanLimits;
}

/**
 * Every plan and what it allows, in one place. Team is paid per seat and has no limits; a
 * self-hosted installation (billing off) has none either.
 */
export const PLANS = {
  'self-hosted': { name: 'Self-hosted', limits: { projects: null, agentProfiles: null } },
  free: { name: 'Free', limits: { projects: 1, agentProfiles: 2 } },
  team: { name: 'Team', limits: { projects: null, agentProfiles: null } },
} as const satisfies Record<BillingPlan, PlanDefinition>;

/** How long a new organization uses Team without a card. */
export const TRIAL_DAYS = 14;

/** The plan's name in the Stripe plugin's configuration and its subscription rows. */
export const STRIPE_TEAM_PLAN = 'team';

/** The words each limit goes by in an error message. */
export const LIMIT_WORDS: Record<PlanLimitName, { one: string; many: string }> = {
  projects: { one: 'project', many: 'projects' },
  agentProfiles: { one: 'agent profile', many: 'agent profiles' },
};
