import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../components/empty-state';
import { PulseIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/active-sessions')({
  head: ({ match }) => pageHead(match.context.config, 'Active sessions'),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader
        title="Active sessions"
        description="Agent sessions running right now, across your projects."
      />
      <EmptyState icon={PulseIcon} title="No active sessions">
        When an AI agent works on a task through the CLI or an MCP tool server, its session shows here live.
        Live sessions arrive with the realtime release.
      </EmptyState>
    </>
  );
}
