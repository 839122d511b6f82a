import type { BillingOverview } from '@switchboard/api-client/contract';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { shortDate } from '../../components/ui/format';
import {
  BILLING_STATUS_LABELS,
  BILLING_STATUS_TONES,
  hasSubscription,
  runningTrialDays,
  trialDaysText,
  usageText,
} from './billing';

/** The plan as facts: name and status, trial, seats, billing interval and the period's end. */
export function PlanFacts({ overview }: { overview: BillingOverview }) {
  const trialDays = runningTrialDays(overview);
  const subscribed = hasSubscription(overview);
  return (
    <FactList label="Plan">
      <Fact name="Plan">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-foreground">{overview.planName}</span>
          <Badge tone={BILLING_STATUS_TONES[overview.status]}>{BILLING_STATUS_LABELS[overview.status]}</Badge>
        </span>
      </Fact>
      {trialDays !== null ? (
        <Fact name="Trial">
          {trialDaysText(trialDays)}
          {overview.trialEndsAt ? ` (ends ${shortDate(overview.trialEndsAt)})` : null}
        </Fact>
      ) : null}
      {subscribed && overview.seats !== null ? <Fact name="Seats">{overview.seats}</Fact> : null}
      {subscribed && overview.annual !== null ? (
        <Fact name="Billed">{overview.annual ? 'Yearly' : 'Monthly'}</Fact>
      ) : null}
      {overview.periodEnd ? (
        <Fact name={periodEndName(overview)}>{shortDate(overview.periodEnd)}</Fact>
      ) : null}
    </FactList>
  );
}

function periodEndName(overview: BillingOverview): string {
  if (!hasSubscription(overview)) return 'Ended on';
  return overview.cancelAtPeriodEnd ? 'Ends on' : 'Renews on';
}

/** What the organization uses against what its plan allows. */
export function UsageFacts({ overview }: { overview: BillingOverview }) {
  return (
    <FactList label="Usage">
      <Fact name="Projects">{usageText(overview.usage.projects, overview.limits.projects)}</Fact>
      <Fact name="Agent profiles">
        {usageText(overview.usage.agentProfiles, overview.limits.agentProfiles)}
      </Fact>
      <Fact name="Members">{overview.usage.members}</Fact>
    </FactList>
  );
}

function FactList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid gap-x-6 gap-y-2 text-[13px] sm:grid-cols-[9rem_1fr]">
      {children}
    </dl>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{name}</dt>
      <dd className="min-w-0 text-foreground">{children}</dd>
    </>
  );
}
