import { EmptyState } from '../../components/empty-state';
import { SparkIcon } from '../../components/icons';

/**
 * What every billing page shows on an installation without a payment provider: there is nothing to
 * buy, so there is nothing to click either.
 */
export function BillingOff() {
  return (
    <EmptyState icon={SparkIcon} title="Billing is not enabled">
      This Switchboard runs without a payment provider, so there are no plans, no limits and nothing to pay:
      create as many projects and agent profiles as you need.
    </EmptyState>
  );
}
