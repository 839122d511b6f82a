import type { BillingOverview } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { shortDate } from '../../components/ui/format';
import { SettingsSection } from '../../components/ui/section';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { AccessNotice } from '../settings/access-notice';
import {
  billingKeys,
  cancelSubscription,
  canUpgrade,
  hasSubscription,
  leaveFor,
  restoreSubscription,
  startCheckout,
} from './billing';
import { PlanFacts, UsageFacts } from './plan-summary';
import { useLeaveFor } from './use-leave-for';

export interface SubscriptionPanelProps {
  overview: BillingOverview;
  /** Where Checkout's address is sent. @default leaving the app for it */
  onRedirect?: (url: string) => void;
}

/**
 * The organization's plan and what it uses. Owners and admins upgrade (to Stripe Checkout), cancel at
 * the period's end and undo that; members read the same facts without the buttons.
 */
export function SubscriptionPanel({ overview, onRedirect = leaveFor }: SubscriptionPanelProps) {
  return (
    <>
      <SettingsSection
        title="Plan"
        description={planDescription(overview)}
        footer={
          overview.canManage && (canUpgrade(overview) || hasSubscription(overview)) ? (
            <PlanActions overview={overview} onRedirect={onRedirect} />
          ) : undefined
        }
      >
        {!overview.canManage ? (
          <AccessNotice resource="billing" className="mb-4">
            Only owners and admins change the plan. You can see it here.
          </AccessNotice>
        ) : null}
        <PlanFacts overview={overview} />
      </SettingsSection>
      <SettingsSection title="Usage" description="What this organization has, against what its plan allows.">
        <UsageFacts overview={overview} />
      </SettingsSection>
    </>
  );
}

function planDescription(overview: BillingOverview): string {
  if (hasSubscription(overview) && overview.cancelAtPeriodEnd && overview.periodEnd)
    return `The subscription ends on ${shortDate(overview.periodEnd)}; then the Free plan's limits apply. Nothing is deleted.`;
  if (overview.status === 'trialing' && !hasSubscription(overview))
    return 'Your trial has every Team feature, without a card. Upgrade to keep them after the trial; otherwise the Free plan’s limits apply and nothing is deleted.';
  if (overview.status === 'past_due' || overview.status === 'unpaid')
    return 'The last payment failed. Update your card on the Payment page to keep the plan.';
  if (overview.plan === 'free')
    return 'The Free plan has limits. Upgrade to Team for unlimited projects and agent profiles.';
  return 'Your plan, its status and when it renews.';
}

function PlanActions({
  overview,
  onRedirect,
}: {
  overview: BillingOverview;
  onRedirect: (url: string) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  const applyOverview = (next: BillingOverview) => {
    queryClient.setQueryData(billingKeys.overview(), next);
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
  };

  const checkout = useLeaveFor((annual: boolean) => startCheckout(api, annual), onRedirect);
  const cancel = useMutation({
    mutationFn: () => cancelSubscription(api),
    onSuccess: (next) => {
      applyOverview(next);
      setConfirmingCancel(false);
      toast.success('The subscription will end at the end of its period');
    },
    onError: (error) => toast.error(describeError(error)),
  });
  const restore = useMutation({
    mutationFn: () => restoreSubscription(api),
    onSuccess: (next) => {
      applyOverview(next);
      toast.success('The subscription continues');
    },
    onError: (error) => toast.error(describeError(error)),
  });

  return (
    <>
      {canUpgrade(overview) ? (
        <>
          {overview.prices.monthly ? (
            <Button
              variant={overview.prices.annual ? 'secondary' : 'primary'}
              disabled={checkout.leaving}
              onClick={() => checkout.mutate(false)}
            >
              {checkout.isPending && checkout.variables === false ? 'Opening checkout…' : 'Upgrade monthly'}
            </Button>
          ) : null}
          {overview.prices.annual ? (
            <Button disabled={checkout.leaving} onClick={() => checkout.mutate(true)}>
              {checkout.isPending && checkout.variables === true ? 'Opening checkout…' : 'Upgrade yearly'}
            </Button>
          ) : null}
        </>
      ) : null}
      {!hasSubscription(overview) ? null : overview.cancelAtPeriodEnd ? (
        <Button disabled={restore.isPending} onClick={() => restore.mutate()}>
          {restore.isPending ? 'Resuming…' : 'Resume subscription'}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setConfirmingCancel(true)}>
          Cancel subscription
        </Button>
      )}
      {overview.status === 'past_due' || overview.status === 'unpaid' ? (
        <Link
          to="/dashboard/settings/billing/payment"
          className="text-[13px] font-medium text-accent hover:underline"
        >
          Update the card
        </Link>
      ) : null}
      <ConfirmDialog
        open={confirmingCancel}
        onClose={() => setConfirmingCancel(false)}
        title="Cancel the subscription?"
        description={
          overview.periodEnd
            ? `The plan stays as it is until ${shortDate(overview.periodEnd)} and is not renewed after that. Then the Free plan's limits apply; nothing is deleted, and you can resume before that day.`
            : 'The plan is not renewed at the end of its period. Nothing is deleted, and you can resume before then.'
        }
        confirmLabel="Cancel at period end"
        pendingLabel="Canceling…"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
    </>
  );
}
