import type { AuthClient, AuthSession } from '@switchboard/auth/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon, TerminalIcon } from '../../components/icons';
import { Button, buttonClasses } from '../../components/ui/button';
import { relativeTime } from '../../components/ui/format';
import { organizationListQueryOptions } from '../../lib/organization';
import { DeviceFrame } from './device-frame';
import {
  afterDecision,
  clientName,
  type DeviceRequest,
  decideDeviceLogin,
  deviceKeys,
  deviceRequestQueryOptions,
  formatUserCode,
} from './device-login';

export interface CliVerifyCardProps {
  code: string;
  session: AuthSession;
  authClient: AuthClient;
}

/** The page's heading while a code is being checked or cannot be used (the page asks to confirm). */
const TITLE = 'Confirm your command-line sign-in';

/** A code that cannot be approved: the problem as a heading of its own, then what to do. */
function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="alert" className="mt-6 rounded-control border border-danger/40 bg-danger/10 p-4 text-center">
      <h2 className="text-[15px] font-semibold text-foreground">{title}</h2>
      <p className="mt-1 text-sm leading-6 text-muted-foreground">{children}</p>
    </div>
  );
}

function CodeBox({ code }: { code: string }) {
  return (
    <p className="mt-6 rounded-control border border-border bg-background px-4 py-3 text-center font-mono text-2xl tracking-[0.2em] text-foreground">
      <span className="sr-only">Sign-in code: </span>
      {formatUserCode(code)}
    </p>
  );
}

const dashboardLink = (
  <Link to="/dashboard" className={buttonClasses('secondary', 'md', 'mt-6 w-full')}>
    Go to the dashboard
  </Link>
);

function Outcome({ request, code }: { request: DeviceRequest; code: string }) {
  switch (request.state) {
    case 'approved':
      return (
        <DeviceFrame icon={<CheckCircleIcon />} title="Sign-in approved">
          <p role="status" className="mt-2 text-center text-sm leading-6 text-muted-foreground">
            Go back to your terminal: it is now signed in. You can sign it out at any time under Settings →
            Developer → Connected devices.
          </p>
          <Link
            to="/dashboard/settings/developer/connected-devices"
            className={buttonClasses('secondary', 'md', 'mt-6 w-full')}
          >
            Connected devices
          </Link>
        </DeviceFrame>
      );
    case 'denied':
      return (
        <DeviceFrame icon={<AlertIcon />} title="Sign-in denied">
          <p role="status" className="mt-2 text-center text-sm leading-6 text-muted-foreground">
            Nothing was signed in. The terminal that asked is told the login was refused.
          </p>
          {dashboardLink}
        </DeviceFrame>
      );
    case 'expired':
      return (
        <DeviceFrame icon={<AlertIcon />} title={TITLE}>
          <CodeBox code={code} />
          <Problem title="This code has expired">
            Codes last 15 minutes. Run{' '}
            <code className="rounded bg-subtle px-1 py-0.5 font-mono text-[12px]">switchboard login</code>{' '}
            again for a new one.
          </Problem>
          {dashboardLink}
        </DeviceFrame>
      );
    case 'invalid':
      return (
        <DeviceFrame icon={<AlertIcon />} title={TITLE}>
          <CodeBox code={code} />
          <Problem title="This code is not valid">
            No sign-in is waiting for this code on your account. Check it against your terminal, or run{' '}
            <code className="rounded bg-subtle px-1 py-0.5 font-mono text-[12px]">switchboard login</code>{' '}
            again.
          </Problem>
          <Link to="/auth/cli-verify" search={{}} className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
            Type the code again
          </Link>
          {dashboardLink}
        </DeviceFrame>
      );
    case 'rate-limited':
      return (
        <DeviceFrame icon={<AlertIcon />} title={TITLE}>
          <Problem title="Too many wrong codes">{request.message}</Problem>
          {dashboardLink}
        </DeviceFrame>
      );
    case 'pending':
      return null;
  }
}

/**
 * /auth/cli-verify: shows which client and device asks to log in, to which account and organization,
 * warns what approving grants, and approves or denies. Every outcome has its own clear screen.
 */
export function CliVerifyCard({ code, session, authClient }: CliVerifyCardProps) {
  const queryClient = useQueryClient();
  const request = useQuery(deviceRequestQueryOptions(authClient, code));
  const organizations = useQuery(organizationListQueryOptions(authClient));
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'deny') => decideDeviceLogin(authClient, code, decision),
    onSuccess: (outcome) => {
      queryClient.setQueryData<DeviceRequest>(deviceKeys.request(code), (current) =>
        afterDecision(current, outcome),
      );
    },
  });

  if (request.isPending) {
    return (
      <DeviceFrame icon={<TerminalIcon />} title={TITLE}>
        <CodeBox code={code} />
        <p className="mt-4 text-center text-sm text-muted-foreground">Looking up this code…</p>
      </DeviceFrame>
    );
  }
  if (request.isError) {
    return (
      <DeviceFrame icon={<AlertIcon />} title="The code could not be checked">
        <p role="alert" className="mt-2 text-center text-sm leading-6 text-muted-foreground">
          {request.error.message} Reload the page to try again.
        </p>
        {dashboardLink}
      </DeviceFrame>
    );
  }
  const current = request.data;
  if (current.state !== 'pending') return <Outcome request={current} code={code} />;

  const organizationId = session.session.activeOrganizationId;
  const organization = organizations.data?.find((item) => item.id === organizationId);
  const client = clientName(current.clientId);
  const device = current.deviceName;
  return (
    <DeviceFrame icon={<TerminalIcon />} title={TITLE}>
      <p className="mt-2 text-center text-sm leading-6 text-muted-foreground">
        <span className="font-medium text-foreground">{client}</span>
        {device ? (
          <>
            {' '}
            on <span className="font-medium text-foreground">{device}</span>
          </>
        ) : null}{' '}
        asks to sign in to your account. Check that this code matches the one in your terminal.
      </p>
      <CodeBox code={current.userCode} />
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Client</dt>
        <dd className="text-foreground">
          {client} <span className="text-muted-foreground">({current.clientId})</span>
        </dd>
        <dt className="text-muted-foreground">Device</dt>
        <dd className="text-foreground">{device ?? 'not named'}</dd>
        <dt className="text-muted-foreground">Account</dt>
        <dd className="truncate text-foreground">{session.user.email}</dd>
        <dt className="text-muted-foreground">Organization</dt>
        <dd className="text-foreground">{organization?.name ?? (organizationId ? '…' : 'none yet')}</dd>
        {current.expiresAt ? (
          <>
            <dt className="text-muted-foreground">Expires</dt>
            <dd className="text-foreground">{relativeTime(current.expiresAt)}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-6 flex gap-3 rounded-control border border-danger/40 bg-danger/10 p-3 text-sm leading-6 text-foreground">
        <AlertIcon className="mt-1 shrink-0 text-danger" aria-hidden="true" />
        <p>
          Approving gives this terminal access to your account{organization ? ` in ${organization.name}` : ''}
          : it can read and change your projects and tasks and create API keys, as you. Only approve a login
          you started yourself with <code className="font-mono text-[12px]">switchboard login</code>.
        </p>
      </div>
      {decide.isError ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {decide.error.message}
        </p>
      ) : null}
      <div className="mt-6 flex gap-3">
        <Button className="flex-1" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
          {decide.isPending && decide.variables === 'approve' ? 'Approving…' : 'Approve'}
        </Button>
        <Button
          variant="secondary"
          className="flex-1"
          disabled={decide.isPending}
          onClick={() => decide.mutate('deny')}
        >
          {decide.isPending && decide.variables === 'deny' ? 'Denying…' : 'Deny'}
        </Button>
      </div>
    </DeviceFrame>
  );
}
