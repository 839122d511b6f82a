import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { DeleteAccount } from '../features/settings/account-delete';
import { AccountEmailForm } from '../features/settings/account-email';
import { AccountPasswordForm } from '../features/settings/account-password';
import { AccountProfileForm } from '../features/settings/account-profile';
import { AccountSessions } from '../features/settings/account-sessions';
import { AccountTwoFactor } from '../features/settings/account-two-factor';
import { optionalSearchParam } from '../lib/search';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/account')({
  // An e-mail change link comes back here, with ?error=<code> when it did not work.
  validateSearch: (search: Record<string, unknown>): { error?: string | undefined } => ({
    error: optionalSearchParam(search.error),
  }),
  // Loaders ship with the entry chunk; the account code loads with the page instead.
  loader: ({ context }) =>
    import('../features/settings/account').then(({ userSessionsQueryOptions }) =>
      context.queryClient.prefetchQuery(userSessionsQueryOptions(context.authClient)),
    ),
  head: ({ match }) => pageHead(match.context.config, 'Account and security'),
  component: Page,
});

function Page() {
  const { error } = Route.useSearch();
  return (
    <>
      <PageHeader
        title="Account and security"
        description="Your profile, your password and two-factor sign-in, where you are signed in, and your account."
      />
      <AccountProfileForm />
      <AccountEmailForm linkError={error} />
      <AccountPasswordForm />
      <AccountTwoFactor />
      <AccountSessions />
      <DeleteAccount />
    </>
  );
}
