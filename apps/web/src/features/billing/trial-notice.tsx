import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SparkIcon } from '../../components/icons';
import { useActiveOrganizationId } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { billingOverviewQueryOptions, runningTrialDays, trialDaysText } from './billing';

/**
 * The trial's days left, in the sidebar while it runs, linking to where the plan is chosen. Loaded
 * without holding up the page; nothing shows without billing, outside a trial, or when it fails.
 */
export function TrialNotice() {
  const api = useApi();
  const organizationId = useActiveOrganizationId();
  const { data } = useQuery({ ...billingOverviewQueryOptions(api), enabled: Boolean(organizationId) });
  const days = runningTrialDays(data);
  if (days === null) return null;
  return (
    <Link
      to="/dashboard/settings/billing/subscription"
      className="mx-3 mb-2 flex items-center gap-2 rounded-control border border-accent/30 bg-accent/10 px-2.5 py-2 text-[12px] text-foreground hover:bg-accent/15"
    >
      <SparkIcon className="size-3.5 shrink-0 text-accent" />
      <span>
        <span className="font-medium">Team trial</span>
        <span className="text-muted-foreground"> · {trialDaysText(days)}</span>
      </span>
    </Link>
  );
}
