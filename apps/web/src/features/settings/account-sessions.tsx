import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MonitorIcon, PhoneIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { fullDateTime, relativeTime } from '../../components/ui/format';
import { SettingsSection } from '../../components/ui/section';
import { unwrap } from '../../lib/auth-call';
import { describeOrganizationError } from '../../lib/error-messages';
import { sessionQueryKey } from '../../lib/session';
import { type UserSession, userSessionsQueryOptions } from './account';
import { useAuthMutation } from './use-auth-mutation';
import { useDashboardClients, useSession } from './use-organization';
import { describeUserAgent, deviceName } from './user-agent';

/** Where the user is signed in, with ways to sign out one, all others, or everything. */
export function AccountSessions() {
  const session = useSession();
  const { authClient } = useDashboardClients();
  const queryClient = useQueryClient();
  const sessions = useQuery(userSessionsQueryOptions(authClient));
  const [confirming, setConfirming] = useState<'others' | 'all' | null>(null);
  const others = (sessions.data ?? []).filter((item) => item.token !== session.session.token);

  const revokeOthers = useAuthMutation({
    path: '/revoke-other-sessions',
    call: () => unwrap(authClient.revokeOtherSessions()),
    failure: 'The other sessions could not be signed out.',
    success: 'Signed out of every other session',
    onSuccess: () => setConfirming(null),
  });
  const revokeAll = useAuthMutation({
    path: '/revoke-sessions',
    call: () => unwrap(authClient.revokeSessions()),
    failure: 'Your sessions could not be signed out.',
    success: 'Signed out everywhere',
    refresh: 'after',
    onSuccess: () => {
      setConfirming(null);
      // This session ended too: the dashboard shell sees no session and goes to /auth.
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });

  return (
    <SettingsSection
      title="Sessions"
      description="Browsers and devices signed in to your account. Sign out any you do not recognise."
      actions={
        <>
          <Button
            variant="secondary"
            size="sm"
            disabled={others.length === 0}
            onClick={() => setConfirming('others')}
          >
            Sign out other sessions
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming('all')}>
            Sign out everywhere
          </Button>
        </>
      }
    >
      {sessions.isPending ? (
        <p className="text-[13px] text-muted-foreground">Loading sessions…</p>
      ) : sessions.error ? (
        <p role="alert" className="text-[13px] text-danger">
          {describeOrganizationError(sessions.error, 'Your sessions could not be loaded.', 'sessions')}
        </p>
      ) : (
        <ul aria-label="Sessions" className="-mx-5 divide-y divide-border border-t border-border">
          {sessions.data.map((item) => (
            <SessionRow key={item.id} item={item} current={item.token === session.session.token} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming === 'others'}
        onClose={() => setConfirming(null)}
        title="Sign out other sessions?"
        description={`Every session except this one is signed out (${others.length} ${others.length === 1 ? 'session' : 'sessions'}). Those devices need to sign in again.`}
        confirmLabel="Sign out other sessions"
        pendingLabel="Signing out…"
        pending={revokeOthers.isPending}
        onConfirm={() => revokeOthers.mutate()}
      />
      <ConfirmDialog
        open={confirming === 'all'}
        onClose={() => setConfirming(null)}
        title="Sign out everywhere?"
        description="Every session is signed out, this one included. You will need to sign in again."
        confirmLabel="Sign out everywhere"
        pendingLabel="Signing out…"
        pending={revokeAll.isPending}
        onConfirm={() => revokeAll.mutate()}
      />
    </SettingsSection>
  );
}

function SessionRow({ item, current }: { item: UserSession; current: boolean }) {
  const { authClient } = useDashboardClients();
  const name = deviceName(item.userAgent);
  const { mobile } = describeUserAgent(item.userAgent);
  const revoke = useAuthMutation({
    path: '/revoke-session',
    call: () => unwrap(authClient.revokeSession({ token: item.token })),
    failure: 'The session could not be signed out.',
    success: `Signed out ${name}`,
  });
  const Icon = mobile ? PhoneIcon : MonitorIcon;
  return (
    <li
      className="flex flex-wrap items-center gap-3 px-5 py-3"
      aria-label={`${name}${current ? ' (this device)' : ''}`}
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-control border border-border bg-background text-muted-foreground">
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-[13px] font-medium text-foreground">
          <span className="truncate">{name}</span>
          {current ? <Badge tone="success">This device</Badge> : null}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {item.ipAddress ? `${item.ipAddress} · ` : ''}
          {current ? 'Active now' : 'Last active '}
          {current ? null : (
            <time dateTime={new Date(item.updatedAt).toISOString()} title={fullDateTime(item.updatedAt)}>
              {relativeTime(item.updatedAt)}
            </time>
          )}
          {' · signed in '}
          <time dateTime={new Date(item.createdAt).toISOString()} title={fullDateTime(item.createdAt)}>
            {relativeTime(item.createdAt)}
          </time>
        </p>
      </div>
      {current ? null : (
        <Button
          variant="ghost"
          size="sm"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate()}
          aria-label={`Sign out ${name}`}
        >
          {revoke.isPending ? 'Signing out…' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}
