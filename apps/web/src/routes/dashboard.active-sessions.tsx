import { AGENT_IDLE_AFTER_MS } from '@switchboard/api-client/contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, linkOptions } from '@tanstack/react-router';
import { useMemo } from 'react';
import { EmptyState } from '../components/empty-state';
import { PulseIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { FilterTabs } from '../components/ui/filter-tabs';
import { projectListQueryOptions } from '../features/projects/projects';
import { openQuestionsQueryOptions } from '../features/questions/questions';
import {
  agentSessionsQueryOptions,
  countByFilter,
  matchesFilter,
  parseSessionFilter,
  SESSION_FILTERS,
  type SessionFilter,
  sessionStatusAt,
  sortSessions,
} from '../features/sessions/agent-sessions';
import { SessionList } from '../features/sessions/session-list';
import { useApi } from '../hooks/use-api';
import { useNow } from '../hooks/use-now';
import { apiFor } from '../lib/api';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/active-sessions')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: (search: Record<string, unknown>): { status?: SessionFilter } => {
    const status = parseSessionFilter(search.status);
    return status ? { status } : {};
  },
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(agentSessionsQueryOptions(apiFor(context.config))),
  head: ({ match }) => pageHead(match.context.config, 'Active sessions'),
  component: Page,
});

function Page() {
  const api = useApi();
  const { status: filter = 'all' } = Route.useSearch();
  const { data: sessions } = useSuspenseQuery(agentSessionsQueryOptions(api));
  // Project names are a nicety: until they arrive, or if they cannot be read, sessions show without them.
  const { data: projects = [] } = useQuery(projectListQueryOptions(api));
  const projectsById = useMemo(() => new Map(projects.map((project) => [project.id, project])), [projects]);
  // Questions let a waiting session be answered here; without them it still links to its task.
  const { data: openQuestions } = useQuery(openQuestionsQueryOptions(api));
  // Relative times tick, and an active session turns idle when its idleAt passes, without a refetch.
  const now = useNow(1_000);

  const counts = countByFilter(sessions, now);
  const shown = sortSessions(
    sessions.filter((session) => matchesFilter(session, filter, now)),
    now,
  );
  const waiting = shown.filter((session) => sessionStatusAt(session, now) === 'awaiting_input');
  const others = shown.filter((session) => sessionStatusAt(session, now) !== 'awaiting_input');
  // What every session card needs besides its session.
  const listContext = { projectsById, openQuestions, now };

  return (
    <>
      <PageHeader
        title="Active sessions"
        description="Agent sessions across your projects, live: who is working on what, and who is waiting for you."
      />
      {sessions.length === 0 ? (
        <EmptyState
          icon={PulseIcon}
          title="No agent sessions yet"
          action={
            <Link
              to="/dashboard/settings/developer/api-keys"
              className="text-sm font-medium text-accent hover:underline"
            >
              Create an API key
            </Link>
          }
        >
          When an AI agent connects to Switchboard’s MCP server with an API key, its session shows here as
          soon as it connects: its task, its client and whether it needs your input. Open a project and choose{' '}
          <strong className="text-foreground">Connect an agent</strong> for the exact setup.
        </EmptyState>
      ) : (
        <>
          <FilterTabs
            label="Filter sessions"
            options={SESSION_FILTERS}
            current={filter}
            counts={counts}
            linkTo={(value) =>
              linkOptions({
                to: '/dashboard/active-sessions',
                search: value === 'all' ? {} : { status: value },
              })
            }
          />

          {waiting.length > 0 ? (
            <section aria-labelledby="waiting-heading" className="mb-6">
              <h2
                id="waiting-heading"
                className="mb-2 text-[13px] font-semibold text-amber-700 dark:text-amber-300"
              >
                Waiting for your input ({waiting.length})
              </h2>
              <SessionList label="Sessions awaiting input" sessions={waiting} {...listContext} />
            </section>
          ) : null}

          {others.length > 0 ? (
            <section aria-labelledby="sessions-heading">
              <h2 id="sessions-heading" className="sr-only">
                Sessions
              </h2>
              <SessionList label="Agent sessions" sessions={others} {...listContext} />
            </section>
          ) : waiting.length === 0 ? (
            <p className="rounded-card border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
              No {filter === 'all' ? '' : `${filter} `}sessions right now.
            </p>
          ) : null}
          <p className="mt-6 text-[12px] text-muted-foreground">
            Live sessions and those that ended in the last day. A session turns idle after{' '}
            {AGENT_IDLE_AFTER_MS / 60_000} minutes without a call, and ends when its client disconnects.
          </p>
        </>
      )}
    </>
  );
}
