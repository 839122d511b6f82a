import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '../components/page-header';
import { activityQueryOptions } from '../features/activity/activity';
import { ActivityFeed } from '../features/activity/activity-feed';
import { PendingInvitations } from '../features/invitations/pending-invitations';
import {
  DueSoon,
  InProgressByAgent,
  OVERVIEW_PROJECT_LIMIT,
  ProjectCards,
} from '../features/projects/overview';
import { projectListQueryOptions, statusesQueryOptions } from '../features/projects/projects';
import { ProjectsListLink } from '../features/projects/projects-list-link';
import { SectionBoundary } from '../features/projects/section-boundary';
import { boardTasksQueryOptions } from '../features/tasks/tasks';
import { workUnitsQueryOptions } from '../features/work-units/work-units';
import { apiFor } from '../lib/api';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  head: ({ match }) => pageHead(match.context.config, 'Dashboard'),
  // Everything is started here and read by each section on its own; a failing section shows its own
  // error (SectionBoundary) instead of taking the page down, so the loader never throws.
  loader: async ({ context }) => {
    const api = apiFor(context.config);
    const { queryClient } = context;
    const activity = queryClient
      .ensureInfiniteQueryData(activityQueryOptions(api, {}))
      .catch(() => undefined);
    const projects = await queryClient.ensureQueryData(projectListQueryOptions(api)).catch(() => []);
    await Promise.all([
      activity,
      ...projects
        .slice(0, OVERVIEW_PROJECT_LIMIT)
        .flatMap((project) => [
          queryClient.ensureQueryData(statusesQueryOptions(api, project.id)).catch(() => undefined),
          queryClient.ensureQueryData(boardTasksQueryOptions(api, project.id)).catch(() => undefined),
          queryClient.ensureQueryData(workUnitsQueryOptions(api, project.id)).catch(() => undefined),
        ]),
    ]);
  },
  component: DashboardHome,
});

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-[13px] font-medium tracking-wide text-muted-foreground uppercase">{title}</h2>
        {action}
      </div>
      <SectionBoundary title={title}>{children}</SectionBoundary>
    </section>
  );
}

function DashboardHome() {
  const { session, config } = Route.useRouteContext();
  const firstName = session.user.name.trim().split(/\s+/)[0] || session.user.email;
  return (
    <>
      <PageHeader
        title={`Welcome, ${firstName}`}
        description={`Your ${config.brandName} organization at a glance: projects, work in progress, what is due, and what just happened.`}
        actions={<ProjectsListLink />}
      />
      <PendingInvitations />
      <div className="flex flex-col gap-10">
        <Section title="Projects">
          <ProjectCards />
        </Section>
        <div className="grid gap-10 xl:grid-cols-2">
          <Section title="In progress, by agent">
            <InProgressByAgent />
          </Section>
          <Section title="Due in the next 14 days">
            <DueSoon />
          </Section>
        </div>
        <Section title="Recent activity">
          <ActivityFeed
            filter={{}}
            max={12}
            empty="Nothing has happened yet. Create a project to get started."
          />
        </Section>
      </div>
    </>
  );
}
