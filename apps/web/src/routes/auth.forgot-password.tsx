import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { AuthAlert, AuthShell, BackToSignIn } from '../features/auth/auth-shell';
import { type ForgotPasswordInput, forgotPasswordSchema } from '../features/settings/account-forms';
import { unwrap } from '../lib/auth-call';
import { describeOrganizationError } from '../lib/error-messages';
import type { FieldErrors } from '../lib/organization-forms';
import { validateForm } from '../lib/organization-forms';
import { pageHead } from '../lib/seo';
import { loadSessionClients } from '../lib/session';

/** Asks for a password reset link. Whether the address has an account is never said. */
export const Route = createFileRoute('/auth/forgot-password')({
  beforeLoad: ({ context }) => loadSessionClients(context),
  head: ({ match }) => pageHead(match.context.config, 'Reset your password'),
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const { queryClient, config } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthShell
        brandName={config.brandName}
        title="Reset your password"
        description="We send a link to choose a new one to your email address."
      >
        {config.enableEmailSignin ? (
          <ForgotPasswordForm />
        ) : (
          <p className="text-sm text-muted-foreground">
            This server does not use passwords: sign in with the method on the sign-in page.
          </p>
        )}
      </AuthShell>
    </QueryClientProvider>
  );
}

function ForgotPasswordForm() {
  const { authClient } = Route.useRouteContext();
  const [errors, setErrors] = useState<FieldErrors<ForgotPasswordInput>>({});
  const request = useMutation({
    mutationFn: ({ email }: ForgotPasswordInput) =>
      unwrap(
        authClient.requestPasswordReset({
          email,
          redirectTo: new URL('/auth/reset-password', window.location.origin).toString(),
        }),
      ),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateForm(forgotPasswordSchema, {
      email: new FormData(event.currentTarget).get('email'),
    });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    request.mutate(result.data);
  };

  if (request.isSuccess) {
    return (
      <div className="flex flex-col gap-4 text-sm">
        {/* The same words whether or not the address has an account, so nobody learns which. */}
        <p role="status">
          If an account uses <span className="font-medium">{request.variables.email}</span>, a link to choose
          a new password is on its way there. It works for one hour.
        </p>
        <p className="text-muted-foreground">
          Nothing arrived? Check the spam folder, or{' '}
          <button
            type="button"
            className="rounded-control text-foreground underline underline-offset-4"
            onClick={() => request.reset()}
          >
            ask again
          </button>
          .
        </p>
        <BackToSignIn />
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      {request.error ? (
        <AuthAlert>
          {describeOrganizationError(request.error, 'The link could not be sent. Try again.')}
        </AuthAlert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send reset link'}
      </Button>
      <BackToSignIn />
    </form>
  );
}
