import { useQueryClient } from '@tanstack/react-query';
import { cn } from '../../components/ui/cn';
import { useActiveOrganizationId } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { type RealtimeStatus, useRealtime, useRealtimeStatus } from '../realtime/use-realtime';

const LABELS: Record<RealtimeStatus, string> = {
  off: 'Live updates off',
  connecting: 'Connecting to live updates…',
  live: 'Live',
  offline: 'Live updates paused; reconnecting',
};

/**
 * Opens the tab's one event stream (one per tab, so the server holds few connections) for the
 * active organization, for as long as the dashboard is open, and shows its state. Rendered once, in the dashboard shell.
 */
export function RealtimeConnection() {
  const api = useApi();
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  useRealtime({ api, queryClient, organizationId });
  return <LiveIndicator />;
}

/** A dot and a word: green when changes arrive live. */
export function LiveIndicator({ className }: { className?: string }) {
  const status = useRealtimeStatus();
  if (status === 'off') return null;
  return (
    <span
      role="status"
      data-realtime={status}
      title={LABELS[status]}
      className={cn('inline-flex items-center gap-1.5 text-[12px] text-muted-foreground', className)}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          status === 'live'
            ? 'bg-success shadow-[0_0_0_3px] shadow-success/20'
            : 'animate-pulse bg-amber-400',
        )}
      />
      <span className={status === 'live' ? undefined : 'sr-only md:not-sr-only'}>
        {status === 'live' ? 'Live' : status === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
      </span>
    </span>
  );
}
