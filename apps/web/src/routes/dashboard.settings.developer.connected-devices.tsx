import { createFileRoute } from '@tanstack/react-router';
import { ConnectedDevices } from '../components/devices/connected-devices';
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
        description="Computers logged in to your account from the command line (switchboard login)."
      />
      <ConnectedDevices />
    </>
  );
}
