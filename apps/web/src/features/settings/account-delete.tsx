import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogFooter } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { SettingsSection } from '../../components/ui/section';
import { unwrap } from '../../lib/auth-call';
import { sessionQueryKey } from '../../lib/session';
import { hasPassword, linkedAccountsQueryOptions } from './account';
import { useAuthMutation } from './use-auth-mutation';
import { useDashboardClients, useSession } from './use-organization';

/**
 * Deletes the account (POST delete-user) after a confirmation: the password for accounts that have
 * one, the email address typed out otherwise (GitHub accounts).
 */
export function DeleteAccount() {
  const session = useSession();
  const { authClient } = useDashboardClients();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accounts = useQuery(linkedAccountsQueryOptions(authClient));
  const needsPassword = hasPassword(accounts.data ?? []);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [typedEmail, setTypedEmail] = useState('');
  const [error, setError] = useState<string>();

  const remove = useAuthMutation({
    path: '/delete-user',
    call: (input: { password?: string }) => unwrap(authClient.deleteUser(input)),
    failure: 'Your account could not be deleted.',
    toastErrors: false,
    success: 'Your account was deleted',
    refresh: 'after',
    onSuccess: async () => {
      setOpen(false);
      queryClient.setQueryData(sessionQueryKey, null);
      await navigate({ to: '/auth', replace: true });
    },
  });

  const close = () => {
    setOpen(false);
    setPassword('');
    setTypedEmail('');
    setError(undefined);
    remove.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (needsPassword && password === '') {
      setError('Enter your password.');
      return;
    }
    if (!needsPassword && typedEmail.trim().toLowerCase() !== session.user.email.toLowerCase()) {
      setError('Type your email address exactly.');
      return;
    }
    setError(undefined);
    remove.mutate(needsPassword ? { password } : {});
  };

  const serverError = remove.failureText;

  return (
    <SettingsSection
      title="Delete account"
      tone="danger"
      description="Deletes your account, your sessions and your memberships, and organizations where you are the only member. If you are the only owner of an organization with other members, make someone else an owner first. This cannot be undone."
    >
      <Button variant="danger" onClick={() => setOpen(true)} disabled={accounts.isPending}>
        Delete my account
      </Button>
      <Dialog
        open={open}
        onClose={close}
        tone="danger"
        title="Delete your account?"
        description={
          needsPassword
            ? 'Enter your password to confirm. You will be signed out everywhere.'
            : `Type ${session.user.email} to confirm. You will be signed out everywhere.`
        }
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {needsPassword ? (
            <Field
              label="Password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              error={error ?? serverError}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          ) : (
            <Field
              label="Email address"
              autoComplete="off"
              autoFocus
              value={typedEmail}
              error={error ?? serverError}
              onChange={(event) => setTypedEmail(event.currentTarget.value)}
            />
          )}
          <DialogFooter
            onCancel={close}
            actionLabel="Delete account"
            pendingLabel="Deleting…"
            pending={remove.isPending}
            tone="danger"
          />
        </form>
      </Dialog>
    </SettingsSection>
  );
}
