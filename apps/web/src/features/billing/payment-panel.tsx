import type { BillingOverview } from '@switchboard/api-client/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CardIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { inlineLinkClasses } from '../../components/ui/inline-link';
import { SettingsSection } from '../../components/ui/section';
import { useApi } from '../../hooks/use-api';
import { AccessNotice } from '../settings/access-notice';
import {
  cardBrandName,
  cardExpiry,
  hasSubscription,
  leaveFor,
  openBillingPortal,
  paymentMethodQueryOptions,
} from './billing';
import { useLeaveFor } from './use-leave-for';

export interface PaymentPanelProps {
  overview: BillingOverview;
  /** Where the billing portal's address is sent. @default leaving the app for it */
  onRedirect?: (url: string) => void;
}

/**
 * The card on file. Cards are never typed in here: owners and admins change them in Stripe's billing
 * portal, which exists once the organization has paid through Checkout.
 */
export function PaymentPanel({ overview, onRedirect = leaveFor }: PaymentPanelProps) {
  const api = useApi();
  const { data } = useSuspenseQuery(paymentMethodQueryOptions(api));
  const portal = useLeaveFor(() => openBillingPortal(api), onRedirect);
  const card = data.card;
  // Without a card or a subscription Stripe has no customer for the portal to open.
  const portalExists = card !== null || hasSubscription(overview);

  return (
    <SettingsSection
      title="Payment method"
      description="The card the subscription is charged to."
      footer={
        overview.canManage && portalExists ? (
          <Button disabled={portal.leaving} onClick={() => portal.mutate()}>
            {portal.leaving ? 'Opening the billing portal…' : 'Manage in the billing portal'}
          </Button>
        ) : undefined
      }
    >
      {!overview.canManage ? (
        <AccessNotice resource="billing" className="mb-4">
          Only owners and admins change the card.
        </AccessNotice>
      ) : null}
      {card ? (
        <section aria-label="Card on file" className="flex items-center gap-3 text-[13px]">
          <span className="grid size-9 shrink-0 place-items-center rounded-control border border-border bg-background text-muted-foreground">
            <CardIcon className="size-4" />
          </span>
          <div>
            <p className="font-medium text-foreground">
              {cardBrandName(card.brand)} ending in {card.last4}
            </p>
            <p className="text-muted-foreground">Expires {cardExpiry(card.expMonth, card.expYear)}</p>
          </div>
        </section>
      ) : (
        <p className="text-[13px] text-muted-foreground">
          No card on file.{' '}
          {overview.canManage && !portalExists ? (
            <>
              A card is added when you upgrade on the{' '}
              <Link to="/dashboard/settings/billing/subscription" className={inlineLinkClasses}>
                Subscription
              </Link>{' '}
              page.
            </>
          ) : null}
        </p>
      )}
    </SettingsSection>
  );
}
