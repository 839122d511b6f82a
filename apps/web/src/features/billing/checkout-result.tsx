import type { CheckoutSession } from '@switchboard/api-client/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { EmptyState } from '../../components/empty-state';
import { AlertIcon, CheckCircleIcon, ReceiptIcon } from '../../components/icons';
import { Pending } from '../../components/pending';
import { buttonClasses } from '../../components/ui/button';
import { useApi } from '../../hooks/use-api';
import { isNotFound } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { billingKeys, checkoutSessionQueryOptions } from './billing';

const backToSubscription = (
  <Link to="/dashboard/settings/billing/subscription" className={buttonClasses('secondary', 'sm')}>
    Back to the subscription
  </Link>
);

/**
 * Where Stripe Checkout sends the browser back to. The session is looked up on the server, which
 * answers only for this organization's sessions; while the payment's webhook has not landed it says
 * so and keeps asking (and a `billing.updated` event asks at once).
 */
export function CheckoutResult({ sessionId }: { sessionId: string | undefined }) {
  if (!sessionId) {
    return (
      <EmptyState icon={ReceiptIcon} title="No checkout to confirm" action={backToSubscription}>
        This page confirms a payment when Stripe Checkout sends you back to it, and its address then names the
        checkout session. This address names none, so there is nothing to confirm here.
      </EmptyState>
    );
  }
  return <SessionLookup sessionId={sessionId} />;
}

function SessionLookup({ sessionId }: { sessionId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data, error, refetch } = useQuery(checkoutSessionQueryOptions(api, sessionId));
  const status = data?.status;

  // The subscription just became real: the plan, limits and trial shown elsewhere change with it.
  useEffect(() => {
    if (status === 'active') void queryClient.invalidateQueries({ queryKey: billingKeys.overview() });
  }, [status, queryClient]);

  if (error) {
    return isNotFound(error) ? (
      <EmptyState icon={AlertIcon} title="This checkout was not found" action={backToSubscription}>
        This organization has no checkout session with this id. The link may be incomplete, or the checkout
        belongs to another organization: switch to that one and open the link again.
      </EmptyState>
    ) : (
      <EmptyState
        icon={AlertIcon}
        title="The checkout could not be checked"
        action={
          <button type="button" className={buttonClasses('secondary', 'sm')} onClick={() => void refetch()}>
            Try again
          </button>
        }
      >
        {describeError(error)}
      </EmptyState>
    );
  }
  if (!data) return <Pending label="Looking up your checkout…" />;
  return <SessionState session={data} />;
}

function SessionState({ session }: { session: CheckoutSession }) {
  switch (session.status) {
    case 'active':
      return (
        <EmptyState
          icon={CheckCircleIcon}
          title="Your subscription is active"
          action={
            <>
              <Link to="/dashboard/settings/billing/subscription" className={buttonClasses('primary', 'sm')}>
                See the subscription
              </Link>
              <Link to="/dashboard/settings/billing/invoices" className={buttonClasses('secondary', 'sm')}>
                Invoices
              </Link>
            </>
          }
        >
          <span role="status">Thank you: the payment went through and the Team plan is active.</span>
        </EmptyState>
      );
    case 'confirming':
      return (
        <EmptyState icon={ReceiptIcon} title="Confirming your payment…">
          <span role="status" className="inline-flex items-center gap-2">
            <span
              className="size-3.5 animate-spin rounded-full border-2 border-border border-t-accent"
              aria-hidden="true"
            />
            Stripe has taken the payment and is confirming it. This page updates by itself, usually within
            seconds.
          </span>
        </EmptyState>
      );
    case 'expired':
      return (
        <EmptyState icon={AlertIcon} title="This checkout expired" action={backToSubscription}>
          It was closed without a payment, so nothing was charged. Start a new one from the subscription page.
        </EmptyState>
      );
  }
}
