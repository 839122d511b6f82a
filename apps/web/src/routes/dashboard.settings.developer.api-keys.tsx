import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../components/empty-state';
import { KeyIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/developer/api-keys')({
  head: ({ match }) => pageHead(match.context.config, 'API keys'),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys that let agents and MCP tool servers reach your projects."
      />
      <EmptyState icon={KeyIcon} title="No API keys yet">
        API keys arrive with the MCP release: you will create, name and revoke the keys your agent tool
        servers use here.
      </EmptyState>
    </>
  );
}
