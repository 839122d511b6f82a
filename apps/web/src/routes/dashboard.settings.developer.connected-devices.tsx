import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { ConnectedDevices } from '../features/devices/connected-devices';
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
