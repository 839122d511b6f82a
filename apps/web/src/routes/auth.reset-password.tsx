import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Button, buttonClasses } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { AuthAlert, AuthShell, BackToSignIn } from '../features/auth/auth-shell';
import { type NewPasswordInput, newPasswordSchema } from '../features/settings/account-forms';
import { AuthCallError, unwrap } from '../lib/auth-call';
import { describeOrganizationError } from '../lib/error-messages';
import { type FieldErrors, validateForm } from '../lib/organization-forms';
import { MIN_PASSWORD_LENGTH } from '../lib/password-rules';
import { optionalSearchParam } from '../lib/search';
import { pageHead } from '../lib/seo';
import { loadSessionClients } from '../lib/session';

interface ResetSearch {
  /** The one-use token the mailed link carries here. */
  token?: string | undefined;
  /** Set by the server instead of a token when the link expired or was used (INVALID_TOKEN). */
  error?: string | undefined;
}

/** Chooses a new password with the token from a reset link. */
export const Route = createFileRoute('/auth/reset-password')({
  validateSearch: (search: Record<string, unknown>): ResetSearch => ({
    token: optionalSearchParam(search.token),
    error: optionalSearchParam(search.error),
  }),
  beforeLoad: ({ context }) => loadSessionClients(context),
  head: ({ match }) => ({
    meta: [
      ...pageHead(match.context.config, 'Choose a new password').meta,
      // The address carries a secret: keep it out of indexes and other sites' referrer logs.
      { name: 'robots', content: 'noindex, nofollow' },
      { name: 'referrer', content: 'no-referrer' },
    ],
  }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { queryClient, config } = Route.useRouteContext();
  const { token } = Route.useSearch();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthShell
        brandName={config.brandName}
        title="Choose a new password"
        description="Every device signed in to your account is signed out when you save it."
      >
        {token ? <NewPasswordForm token={token} /> : <LinkNoLongerWorks />}
      </AuthShell>
    </QueryClientProvider>
  );
}

/** An expired or used link, or a page opened without one. */
function LinkNoLongerWorks() {
  return (
    <div className="flex flex-col gap-4 text-sm">
      <AuthAlert>This reset link has expired or was used already. Links work once, for one hour.</AuthAlert>
      <Link
        to="/auth/forgot-password"
        className="self-center rounded-control font-medium text-foreground underline underline-offset-4"
      >
        Ask for a new link
      </Link>
      <BackToSignIn />
    </div>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { authClient } = Route.useRouteContext();
  const [errors, setErrors] = useState<FieldErrors<NewPasswordInput>>({});
  const reset = useMutation({
    mutationFn: ({ password }: NewPasswordInput) =>
      unwrap(authClient.resetPassword({ token, newPassword: password })),
  });

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-4 text-sm">
        <p role="status">Your password is changed. Sign in with the new one.</p>
        <Link to="/auth" className={buttonClasses('primary', 'lg', 'w-full')}>
          Sign in
        </Link>
      </div>
    );
  }
  if (reset.error instanceof AuthCallError && reset.error.code === 'INVALID_TOKEN')
    return <LinkNoLongerWorks />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = validateForm(newPasswordSchema, {
      password: form.get('password'),
      confirmation: form.get('confirmation'),
    });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    reset.mutate(result.data);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.password}
      />
      <Field
        label="New password again"
        name="confirmation"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmation}
      />
      {reset.error ? (
        <AuthAlert>
          {describeOrganizationError(reset.error, 'The password could not be changed. Try again.')}
        </AuthAlert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : 'Save new password'}
      </Button>
    </form>
  );
}
