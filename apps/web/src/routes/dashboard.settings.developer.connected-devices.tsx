import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../components/empty-state';
import { DevicesIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/developer/connected-devices')({
  head: ({ match }) => pageHead(match.context.config, 'Connected devices'),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader
        title="Connected devices"
        description="Computers signed in to your account from the command line."
      />
      <EmptyState icon={DevicesIcon} title="No connected devices">
        Devices signed in with{' '}
        <code className="rounded bg-subtle px-1 py-0.5 font-mono text-[12px] text-foreground">
          switchboard login
        </code>{' '}
        will be listed here, each with a way to sign it out. Command-line sign-in arrives with the CLI
        release.
      </EmptyState>
    </>
  );
}
