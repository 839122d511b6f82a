import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { DevicesIcon, TerminalIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListRow } from '../../components/ui/list-row';
import { RelativeTime } from '../../components/ui/relative-time';
import { AuthCallError, unwrap } from '../../lib/auth-call';
import { describeOrganizationError } from '../../lib/error-messages';
import { type UserSession, userSessionsQueryOptions } from '../settings/account';
import { useAuthMutation } from '../settings/use-auth-mutation';
import { useDashboardClients } from '../settings/use-organization';
import { type DeviceSessionInfo, parseDeviceUserAgent } from './device-login';

interface DeviceSession {
  session: UserSession;
  device: DeviceSessionInfo;
}

/** better-auth lists and revokes sessions only for a recent sign-in (its freshAge, a day by default). */
function describeDevicesError(error: unknown, fallback: string): string {
  if (error instanceof AuthCallError && error.code === 'SESSION_NOT_FRESH') {
    return 'Managing devices needs a recent sign-in: sign out, sign in again, and come back.';
  }
  return describeOrganizationError(error, fallback, 'sessions');
}

/** The user's sessions that command-line logins created, newest activity first. */
export function deviceSessionsOf(sessions: readonly UserSession[]): DeviceSession[] {
  return sessions.flatMap((session) => {
    const device = parseDeviceUserAgent(session.userAgent);
    return device ? [{ session, device }] : [];
  });
}

function DeviceRow({ item, onRevoke }: { item: DeviceSession; onRevoke: () => void }) {
  const { session, device } = item;
  return (
    <ListRow
      label={device.deviceName}
      icon={<TerminalIcon className="size-4" />}
      title={device.deviceName}
      end={
        <Button variant="ghost" size="sm" onClick={onRevoke} aria-label={`Revoke ${device.deviceName}`}>
          Revoke
        </Button>
      }
    >
      <p className="truncate text-xs text-muted-foreground">
        {device.client}
        {device.version ? ` ${device.version}` : ''}
        {device.platform ? ` · ${device.platform}` : ''}
        {session.ipAddress ? ` · ${session.ipAddress}` : ''}
      </p>
      <p className="truncate text-xs text-muted-foreground">
        Logged in <RelativeTime value={session.createdAt} /> · last used{' '}
        <RelativeTime value={session.updatedAt} />
      </p>
    </ListRow>
  );
}

/**
 * /dashboard/settings/developer/connected-devices: every computer logged in with `switchboard login`,
 * with a way to end each login. A revoked CLI is told it is logged out on its next command (exit 3).
 */
export function ConnectedDevices() {
  const { authClient } = useDashboardClients();
  const sessions = useQuery(userSessionsQueryOptions(authClient));
  const [revoking, setRevoking] = useState<DeviceSession | null>(null);
  const revoke = useAuthMutation({
    path: '/revoke-session',
    call: (item: DeviceSession) => unwrap(authClient.revokeSession({ token: item.session.token })),
    failure: 'The device could not be signed out.',
    success: (_data, item) => `${item.device.deviceName} is signed out`,
    onSuccess: () => setRevoking(null),
  });

  if (sessions.isPending) return <p className="text-[13px] text-muted-foreground">Loading devices…</p>;
  if (sessions.isError) {
    return (
      <p role="alert" className="text-[13px] text-danger">
        {describeDevicesError(sessions.error, 'Your devices could not be loaded.')}
      </p>
    );
  }
  const devices = deviceSessionsOf(sessions.data);
  if (devices.length === 0) {
    return (
      <EmptyState icon={DevicesIcon} title="No connected devices">
        Computers you log in to from the terminal with{' '}
        <code className="rounded bg-subtle px-1 py-0.5 font-mono text-[12px] text-foreground">
          switchboard login
        </code>{' '}
        are listed here, each with a way to sign it out.
      </EmptyState>
    );
  }
  return (
    <>
      <ul
        aria-label="Connected devices"
        className="divide-y divide-border rounded-card border border-border bg-surface"
      >
        {devices.map((item) => (
          <DeviceRow key={item.session.id} item={item} onRevoke={() => setRevoking(item)} />
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted-foreground">
        "Last used" is refreshed at most once a day. Revoking ends that login at once: its next command says
        it is logged out.
      </p>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke ${revoking?.device.deviceName ?? 'this device'}?`}
        description="Its command-line login ends now. API keys it created keep working; revoke those under API keys."
        confirmLabel="Revoke"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking);
        }}
      />
    </>
  );
}
