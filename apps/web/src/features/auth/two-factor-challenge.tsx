import type { AuthClient } from '@switchboard/auth/client';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { describeAuthError } from '../../lib/error-messages';
import { AuthAlert } from './auth-shell';

/**
 * The second step of a sign-in with two-factor sign-in on: the password was right, and the server
 * now waits (for ten minutes, in a cookie it set) for a code from the authenticator app or one of the
 * recovery codes. `onSignedIn` runs once the code is accepted and the session exists.
 */
export function TwoFactorChallenge({
  authClient,
  onSignedIn,
  onCancel,
}: {
  authClient: AuthClient;
  onSignedIn: () => Promise<void>;
  onCancel: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const verify = useMutation({
    mutationFn: async (code: string) => {
      const path = recovery ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp';
      const { error } = await authClient.$fetch(path, { method: 'POST', body: { code } });
      if (error)
        throw new Error(
          describeAuthError(
            error,
            recovery ? 'That recovery code did not work.' : 'That code did not work. Try the next one.',
          ),
        );
    },
    onSuccess: onSignedIn,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s+/g, '');
    if (code !== '') verify.mutate(code);
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Enter one of the recovery codes you kept when you turned on two-factor sign-in. Each works once.'
          : 'Enter the six-digit code your authenticator app shows for this account.'}
      </p>
      <Field
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? 'Recovery code' : 'Code from your app'}
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        required
        autoFocus
      />
      {verify.error ? <AuthAlert>{verify.error.message}</AuthAlert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Verify and sign in'}
      </Button>
      <div className="flex justify-between text-[13px] text-muted-foreground">
        <button
          type="button"
          className="underline-offset-4 hover:text-foreground hover:underline"
          onClick={() => {
            verify.reset();
            setRecovery((current) => !current);
          }}
        >
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
        <button
          type="button"
          className="underline-offset-4 hover:text-foreground hover:underline"
          onClick={onCancel}
        >
          Start again
        </button>
      </div>
    </form>
  );
}
