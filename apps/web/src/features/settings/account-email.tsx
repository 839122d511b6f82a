import { useQuery } from '@tanstack/react-query';
import { Field } from '../../components/ui/field';
import { unwrap } from '../../lib/auth-call';
import { describeEmailChangeLinkError } from '../../lib/error-messages';
import { hasPassword, linkedAccountsQueryOptions } from './account';
import { type EmailChangeInput, emailChangeSchema } from './account-forms';
import { CurrentPasswordField } from './current-password-field';
import { SettingsForm, useSettingsForm } from './settings-form';
import { useAuthMutation } from './use-auth-mutation';
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
  const { values, setValues, field, submitWith } = useSettingsForm(EMPTY);

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

  const linkProblem = linkError ? describeEmailChangeLinkError(linkError) : undefined;

  return (
    <SettingsForm
      title="Email address"
      description={`You sign in with ${session.user.email}. A new address counts once you follow the link we send to it.`}
      onSubmit={submitWith(emailChangeSchema(session.user.email, needsPassword), (input) =>
        change.mutate(input),
      )}
      change={change}
      submitLabel="Change email"
      pendingLabel="Sending…"
      ready={values.newEmail !== '' && !accounts.isPending}
    >
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
        <Field label="New email address" type="email" autoComplete="email" {...field('newEmail')} />
        {needsPassword ? <CurrentPasswordField {...field('password')} /> : null}
      </div>
    </SettingsForm>
  );
}
