import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { hasPassword, linkedAccountsQueryOptions } from '../../lib/account';
import { type EmailChangeInput, emailChangeSchema } from '../../lib/account-forms';
import { unwrap } from '../../lib/auth-call';
import { describeEmailChangeLinkError } from '../../lib/error-messages';
import { type FieldErrors, validateForm } from '../../lib/organization-forms';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { SettingsSection } from '../ui/section';
import { mutationErrorText, useAuthMutation } from './use-auth-mutation';
import { useDashboardClients, useSession } from './use-organization';

const EMPTY: EmailChangeInput = { newEmail: '', password: '' };

/**
 * Changes the sign-in address (POST change-email). The new address gets a link, and only following
 * it makes the change; `linkError` is the code the server sent back here when a link did not work.
 */
export function AccountEmailForm({ linkError }: { linkError: string | undefined }) {
  const session = useSession();
  const { authClient } = useDashboardClients();
  const accounts = useQuery(linkedAccountsQueryOptions(authClient));
  const needsPassword = hasPassword(accounts.data ?? []);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<EmailChangeInput>>({});

  const change = useAuthMutation({
    path: '/change-email',
    call: (input: EmailChangeInput) =>
      unwrap(
        // Our server asks for the current password too, which better-auth's typed call has no field for.
        authClient.$fetch<{ status: boolean }>('/change-email', {
          method: 'POST',
          body: {
            newEmail: input.newEmail,
            ...(needsPassword ? { password: input.password } : {}),
            callbackURL: new URL('/dashboard/account', window.location.origin).toString(),
          },
        }),
      ),
    failure: 'The change could not be started.',
    toastErrors: false,
    onSuccess: () => setValues(EMPTY),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(emailChangeSchema(session.user.email, needsPassword), values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    change.mutate(result.data);
  };

  const serverError = mutationErrorText(change.error, 'The change could not be started.');
  const linkProblem = linkError ? describeEmailChangeLinkError(linkError) : undefined;

  return (
    <form onSubmit={submit} noValidate>
      <SettingsSection
        title="Email address"
        description={`You sign in with ${session.user.email}. A new address counts once you follow the link we send to it.`}
        footer={
          <>
            {serverError ? (
              <p role="alert" className="mr-auto text-[13px] text-danger">
                {serverError}
              </p>
            ) : null}
            <Button type="submit" disabled={values.newEmail === '' || change.isPending || accounts.isPending}>
              {change.isPending ? 'Sending…' : 'Change email'}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          {linkProblem ? (
            <p
              role="alert"
              className="rounded-control border border-danger/40 bg-danger/10 px-3 py-2 text-[13px] text-danger"
            >
              {linkProblem}
            </p>
          ) : null}
          {change.isSuccess ? (
            <p role="status" className="rounded-control border border-border bg-subtle px-3 py-2 text-[13px]">
              {session.user.emailVerified
                ? `We sent a link to ${session.user.email} to confirm the change, then one to ${change.variables.newEmail}. Your address changes once you follow both.`
                : `We sent a link to ${change.variables.newEmail}. Your address changes once you follow it.`}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="New email address"
              name="newEmail"
              type="email"
              autoComplete="email"
              value={values.newEmail}
              error={errors.newEmail}
              onChange={(event) => {
                const newEmail = event.currentTarget.value;
                setValues((current) => ({ ...current, newEmail }));
              }}
            />
            {needsPassword ? (
              <Field
                label="Current password"
                name="password"
                type="password"
                autoComplete="current-password"
                value={values.password}
                error={errors.password}
                onChange={(event) => {
                  const password = event.currentTarget.value;
                  setValues((current) => ({ ...current, password }));
                }}
              />
            ) : null}
          </div>
        </div>
      </SettingsSection>
    </form>
  );
}
