import { createFileRoute } from '@tanstack/react-router';
import { EmptyState } from '../components/empty-state';
import { BotIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/organization/ai-agents')({
  head: ({ match }) => pageHead(match.context.config, 'AI agents'),
  component: Page,
});

function Page() {
  return (
    <>
      <PageHeader title="AI agents" description="Shared agent profiles for everyone in your organization." />
      <EmptyState icon={BotIcon} title="No agent profiles yet">
        Shared AI agent profiles arrive with the agents release;{' '}
        <code className="rounded bg-subtle px-1 py-0.5 font-mono text-[12px] text-foreground">
          switchboard agents sync
        </code>{' '}
        will then write them where Claude Code, Cursor, Codex and Gemini CLI read them.
      </EmptyState>
    </>
  );
}
