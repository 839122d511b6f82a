import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../components/ui/field';
import { SettingsSection } from '../../components/ui/section';
import { unwrap } from '../../lib/auth-call';
import { hasPassword, linkedAccountsQueryOptions, readableSecretOf, twoFactorEnabledOf } from './account';
import { currentPasswordSchema as passwordOnly, twoFactorCodeSchema } from './account-forms';
import { CurrentPasswordField } from './current-password-field';
import { QrCode } from './qr-code';
import { SettingsForm, useSettingsForm } from './settings-form';
import { useAuthMutation } from './use-auth-mutation';
import { useDashboardClients, useSession } from './use-organization';

interface Setup {
  totpURI: string;
  backupCodes: string[];
}

const NO_PASSWORD = { password: '' };
const NO_CODE = { code: '' };

/**
 * Two-factor sign-in with an authenticator app: turned on with the password, confirmed with a first
 * code from the app (until then sign-in does not ask), turned off with the password. The recovery
 * codes are shown once, when it is turned on; each lets you in once without the app.
 */
export function AccountTwoFactor() {
  const session = useSession();
  const { authClient } = useDashboardClients();
  const accounts = useQuery(linkedAccountsQueryOptions(authClient));
  const [setup, setSetup] = useState<Setup | null>(null);

  if (!hasPassword(accounts.data ?? [])) {
    return (
      <SettingsSection
        title="Two-factor sign-in"
        description="Your account signs in with GitHub, which asks for its own second factor."
      />
    );
  }
  if (twoFactorEnabledOf(session.user)) return <TurnOff />;
  if (setup) return <Confirm setup={setup} onDone={() => setSetup(null)} />;
  return <TurnOn onStarted={setSetup} />;
}

function TurnOn({ onStarted }: { onStarted: (setup: Setup) => void }) {
  const { authClient } = useDashboardClients();
  return (
    <PasswordStep
      path="/two-factor/enable"
      description="Off. With it on, signing in asks for a code from an authenticator app as well as your password."
      call={(password) =>
        unwrap(authClient.$fetch<Setup>('/two-factor/enable', { method: 'POST', body: { password } }))
      }
      onDone={(started) => {
        if (started) onStarted(started);
      }}
      failure="Two-factor sign-in could not be turned on."
      submitLabel="Turn on"
      pendingLabel="Starting…"
    />
  );
}

function Confirm({ setup, onDone }: { setup: Setup; onDone: () => void }) {
  const { authClient } = useDashboardClients();
  const { values, field, submitWith } = useSettingsForm(NO_CODE);
  const verify = useAuthMutation({
    path: '/two-factor/verify-totp',
    call: (code: string) =>
      unwrap(authClient.$fetch('/two-factor/verify-totp', { method: 'POST', body: { code } })),
    success: 'Two-factor sign-in is on',
    failure: 'That code did not work. Check the time on your phone and try the next one.',
    toastErrors: false,
    onSuccess: onDone,
  });
  return (
    <SettingsForm
      title="Two-factor sign-in"
      description="Scan the QR code with your authenticator app (or type the key), then enter the code it shows."
      onSubmit={submitWith(twoFactorCodeSchema, (input) => verify.mutate(input.code))}
      change={verify}
      submitLabel="Confirm and turn on"
      pendingLabel="Checking…"
      ready={values.code !== ''}
    >
      <QrCode value={setup.totpURI} label="QR code to scan with your authenticator app" />
      <div className="flex flex-col gap-1 text-[13px]">
        <span className="text-muted-foreground">Or type this key into the app</span>
        <code data-testid="two-factor-secret" className="break-all font-mono text-sm">
          {readableSecretOf(setup.totpURI)}
        </code>
        <a className="underline underline-offset-4" href={setup.totpURI}>
          Open in an authenticator app on this device
        </a>
      </div>
      <div className="flex flex-col gap-1 text-[13px]">
        <span className="text-muted-foreground">
          Recovery codes: keep them somewhere safe. Each signs you in once without the app; they are not shown
          again.
        </span>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
          {setup.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
      <Field label="Code from the app" inputMode="numeric" autoComplete="one-time-code" {...field('code')} />
    </SettingsForm>
  );
}

function TurnOff() {
  const { authClient } = useDashboardClients();
  return (
    <PasswordStep
      path="/two-factor/disable"
      description="On: signing in asks for a code from your authenticator app, or a recovery code."
      call={(password) =>
        unwrap(authClient.$fetch('/two-factor/disable', { method: 'POST', body: { password } }))
      }
      success="Two-factor sign-in is off"
      failure="Two-factor sign-in could not be turned off."
      submitLabel="Turn off"
      pendingLabel="Turning off…"
    />
  );
}

interface PasswordStepProps<T> {
  path: string;
  description: string;
  call: (password: string) => Promise<T>;
  onDone?: (answer: T) => void;
  success?: string;
  failure: string;
  submitLabel: string;
  pendingLabel: string;
}

/** Turning two-factor sign-in on or off: both ask for the current password and nothing else. */
function PasswordStep<T>({
  path,
  description,
  call,
  onDone,
  success,
  failure,
  submitLabel,
  pendingLabel,
}: PasswordStepProps<T>) {
  const { values, field, submitWith, setValues } = useSettingsForm(NO_PASSWORD);
  const step = useAuthMutation({
    path,
    call,
    success,
    failure,
    toastErrors: false,
    onSuccess: (answer: T) => {
      setValues(NO_PASSWORD);
      onDone?.(answer);
    },
  });
  return (
    <SettingsForm
      title="Two-factor sign-in"
      description={description}
      onSubmit={submitWith(passwordOnly, (input) => step.mutate(input.password))}
      change={step}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      ready={values.password !== ''}
    >
      <CurrentPasswordField {...field('password')} />
    </SettingsForm>
  );
}
