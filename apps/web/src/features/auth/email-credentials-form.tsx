import { Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { MIN_PASSWORD_LENGTH } from '../../lib/password-rules';
import type { AuthMode } from './auth-mode-tabs';
import { AuthAlert } from './auth-shell';

/**
 * Email and password (and a name, to sign up), the failure if the last try failed, and `challenge`:
 * the bot check, when the server asks for one.
 */
export function EmailCredentialsForm({
  mode,
  error,
  pending,
  challenge,
  onSubmit,
}: {
  mode: AuthMode;
  error: string | undefined;
  pending: boolean;
  challenge: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate={false}>
      {mode === 'sign-up' ? (
        <Field label="Name" name="name" autoComplete="name" required maxLength={100} />
      ) : null}
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
        required
        minLength={mode === 'sign-up' ? MIN_PASSWORD_LENGTH : undefined}
        hint={mode === 'sign-up' ? `At least ${MIN_PASSWORD_LENGTH} characters.` : undefined}
      />
      {mode === 'sign-in' ? (
        <Link
          to="/auth/forgot-password"
          className="-mt-2 self-end rounded-control text-[13px] text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          Forgot password?
        </Link>
      ) : null}
      {error ? <AuthAlert>{error}</AuthAlert> : null}
      {challenge}
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending}>
        {mode === 'sign-in'
          ? pending
            ? 'Signing in…'
            : 'Sign in'
          : pending
            ? 'Creating account…'
            : 'Create account'}
      </Button>
    </form>
  );
}
