import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../components/ui/field';
import { unwrap } from '../../lib/auth-call';
import { hasPassword, linkedAccountsQueryOptions } from './account';
import { type PasswordChangeInput, passwordChangeSchema } from './account-forms';
import { CurrentPasswordField } from './current-password-field';
import { SettingsForm, useSettingsForm } from './settings-form';
import { useAuthMutation } from './use-auth-mutation';
import { useDashboardClients } from './use-organization';

const EMPTY = { currentPassword: '', newPassword: '', confirmation: '' };

/**
 * Changes the password while signed in (POST change-password): the current one is required, and the
 * other sessions are signed out when asked (the usual reason to change it). Accounts that sign in
 * only with GitHub have no password, and see nothing here.
 */
export function AccountPasswordForm() {
  const { authClient } = useDashboardClients();
  const accounts = useQuery(linkedAccountsQueryOptions(authClient));
  const { values, setValues, field, submitWith } = useSettingsForm(EMPTY);
  const [signOutOthers, setSignOutOthers] = useState(true);

  const change = useAuthMutation({
    path: '/change-password',
    call: (input: PasswordChangeInput) =>
      unwrap(
        authClient.changePassword({
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
          revokeOtherSessions: signOutOthers,
        }),
      ),
    success: () =>
      signOutOthers ? 'Password changed; your other sessions are signed out' : 'Password changed',
    failure: 'The password could not be changed.',
    toastErrors: false,
    onSuccess: () => setValues(EMPTY),
  });

  if (!hasPassword(accounts.data ?? [])) return null;

  return (
    <SettingsForm
      title="Password"
      description="Change the password you sign in with. You need the current one."
      onSubmit={submitWith(passwordChangeSchema, (input) => change.mutate(input))}
      change={change}
      submitLabel="Change password"
      pendingLabel="Changing…"
      ready={values.currentPassword !== ''}
    >
      <CurrentPasswordField {...field('currentPassword')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="New password" type="password" autoComplete="new-password" {...field('newPassword')} />
        <Field
          label="New password again"
          type="password"
          autoComplete="new-password"
          {...field('confirmation')}
        />
      </div>
      <label className="flex items-center gap-2 text-[13px]">
        <input
          type="checkbox"
          checked={signOutOthers}
          onChange={(event) => setSignOutOthers(event.currentTarget.checked)}
        />
        Sign out my other sessions
      </label>
    </SettingsForm>
  );
}
