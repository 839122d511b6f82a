import type { BillingOverview } from '@switchboard/api-client/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApi } from '../../hooks/use-api';
import { OrganizationGate } from '../settings/use-organization';
import { billingOverviewQueryOptions } from './billing';
import { BillingOff } from './billing-off';

/**
 * Holds a billing page: inside an organization, and only where billing is on. Without an organization
 * it offers to create one; without billing it says so instead of the page.
 */
export function BillingGate({ children }: { children: (overview: BillingOverview) => ReactNode }) {
  return (
    <OrganizationGate>
      {(organizationId) => <Overview key={organizationId}>{children}</Overview>}
    </OrganizationGate>
  );
}

function Overview({ children }: { children: (overview: BillingOverview) => ReactNode }) {
  const api = useApi();
  const { data: overview } = useSuspenseQuery(billingOverviewQueryOptions(api));
  return overview.enabled ? children(overview) : <BillingOff />;
}
