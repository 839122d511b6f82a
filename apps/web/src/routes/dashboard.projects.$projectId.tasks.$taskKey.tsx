import type { Task } from '@switchboard/api-client/contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { EmptyState } from '../components/empty-state';
import { ErrorView } from '../components/error-view';
import { CheckCircleIcon } from '../components/icons';
import { Pending } from '../components/pending';
import { Button, buttonClasses } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { UserText } from '../components/ui/user-text';
import { ActivityFeed } from '../features/activity/activity-feed';
import { taskFindingsQueryOptions } from '../features/architecture/rule-sets';
import { TaskFindings } from '../features/architecture/task-findings';
import { TaskDevelopment } from '../features/development/task-development';
import { projectQueryOptions, statusesQueryOptions } from '../features/projects/projects';
import { SectionBoundary } from '../features/projects/section-boundary';
import { OpenQuestions } from '../features/questions/open-questions';
import { taskQuestionsQueryOptions } from '../features/questions/questions';
import { CommentThread } from '../features/tasks/comment-thread';
import { deletedTaskQueryOptions } from '../features/tasks/deleted-elsewhere';
import { DevInfoPanel } from '../features/tasks/dev-info-panel';
import { ChevronLeftIcon, TrashIcon } from '../features/tasks/icons';
import { TaskDeleted } from '../features/tasks/task-deleted';
import { AcceptanceCriteria, TaskDescription, TaskTitle } from '../features/tasks/task-editors';
import { TaskProperties } from '../features/tasks/task-properties';
import { boardTasksQueryOptions, commentsQueryOptions, taskQueryOptions } from '../features/tasks/tasks';
import { useDeleteTask } from '../features/tasks/use-task-mutations';
import { workUnitsQueryOptions } from '../features/work-units/work-units';
import { useApi } from '../hooks/use-api';
import { apiFor, isNotFound } from '../lib/api';
import { pageHead } from '../lib/seo';
import { taskSelection } from '../lib/task-selection';

export const Route = createFileRoute('/dashboard/projects/$projectId/tasks/$taskKey')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: async ({ context, params }) => {
    const api = apiFor(context.config);
    const task = await context.queryClient.ensureQueryData(taskQueryOptions(api, params.taskKey));
    // The URL's project is only a breadcrumb: the task decides which project it is in.
    if (task.projectId !== params.projectId) {
      throw redirect({
        to: '/dashboard/projects/$projectId/tasks/$taskKey',
        params: { projectId: task.projectId, taskKey: params.taskKey },
        replace: true,
      });
    }
    await Promise.all([
      context.queryClient.ensureQueryData(projectQueryOptions(api, task.projectId)),
      context.queryClient.ensureQueryData(statusesQueryOptions(api, task.projectId)),
      context.queryClient.ensureQueryData(boardTasksQueryOptions(api, task.projectId)),
      context.queryClient.ensureQueryData(workUnitsQueryOptions(api, task.projectId)),
      context.queryClient.ensureQueryData(commentsQueryOptions(api, task.id)),
      context.queryClient.ensureQueryData(taskQuestionsQueryOptions(api, task.id)),
      // Findings are a part of the page that may fail alone: their section says so, the task still shows.
      context.queryClient.ensureQueryData(taskFindingsQueryOptions(api, task.id)).catch(() => undefined),
    ]);
    return { title: `${task.key} ${task.title}` };
  },
  head: ({ match, loaderData }) => pageHead(match.context.config, loaderData?.title ?? 'Task'),
  errorComponent: TaskError,
  component: TaskPage,
});

function TaskPage() {
  const { projectId, taskKey } = Route.useParams();
  const api = useApi();
  const { data: task } = useSuspenseQuery(taskQueryOptions(api, taskKey));
  const { data: project } = useSuspenseQuery(projectQueryOptions(api, projectId));
  const { data: statuses } = useSuspenseQuery(statusesQueryOptions(api, projectId));
  const { data: projectTasks } = useSuspenseQuery(boardTasksQueryOptions(api, projectId));
  const { data: workUnits } = useSuspenseQuery(workUnitsQueryOptions(api, projectId));
  const unit = workUnits.find((candidate) => candidate.id === task.workUnitId);
  const { data: deletion } = useQuery(deletedTaskQueryOptions(task.id));

  // While its page is open, the task is what shortcuts and the command palette act on (s, a, l).
  useEffect(() => {
    taskSelection.setCurrent({ id: task.id, projectId: task.projectId });
    return () => taskSelection.setCurrent(null);
  }, [task.id, task.projectId]);

  if (deletion) return <TaskDeleted task={task} by={deletion.by} />;

  return (
    <article aria-labelledby="task-key" className="mx-auto max-w-6xl">
      <nav aria-label="Breadcrumb" className="mb-4 flex items-center gap-1 text-[12px] text-muted-foreground">
        <Link
          to="/dashboard/projects/$projectId"
          params={{ projectId }}
          className="inline-flex items-center gap-1 hover:text-foreground"
        >
          <ChevronLeftIcon className="size-3.5" />
          <UserText>{project.name}</UserText>
        </Link>
        {unit ? (
          <>
            <span aria-hidden="true">/</span>
            <Link
              to="/dashboard/projects/$projectId"
              params={{ projectId }}
              search={{ workUnit: unit.id }}
              className="hover:text-foreground"
            >
              <span className="font-mono">{unit.slug}</span> {unit.title}
            </Link>
          </>
        ) : null}
        <span aria-hidden="true">/</span>
        <span id="task-key" className="font-mono text-foreground">
          {task.key}
        </span>
      </nav>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <TaskTitle key={task.id} task={task} />
          <TaskDescription task={task} />
          <AcceptanceCriteria task={task} />
          <TaskDevelopment development={task.development} />
          <DevInfoPanel devInfo={task.devInfo} />
          <SectionBoundary title="Review findings">
            <TaskFindings task={task} />
          </SectionBoundary>
          <OpenQuestions taskId={task.id} />
          <CommentThread taskId={task.id} />
          <section aria-labelledby="task-activity-heading">
            <h2 id="task-activity-heading" className="mb-2 text-[13px] font-medium text-muted-foreground">
              Activity
            </h2>
            <Suspense fallback={<Pending label="Loading activity…" />}>
              <ActivityFeed
                filter={{ entityId: task.id }}
                linkTasks={false}
                empty="No changes recorded yet."
              />
            </Suspense>
          </section>
        </div>
        <aside aria-label="Properties" className="lg:sticky lg:top-20 lg:self-start">
          <div className="rounded-card border border-border bg-surface p-3">
            <TaskProperties
              task={task}
              statuses={statuses}
              projectTasks={projectTasks}
              workUnits={workUnits}
            />
          </div>
          <DeleteTask task={task} />
        </aside>
      </div>
    </article>
  );
}

function DeleteTask({ task }: { task: Task }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteTask(task, {
    onDeleted: () => {
      setOpen(false);
      void navigate({ to: '/dashboard/projects/$projectId', params: { projectId: task.projectId } });
    },
  });
  return (
    <>
      <Button variant="ghost" size="sm" className="mt-2 hover:text-danger" onClick={() => setOpen(true)}>
        <TrashIcon className="size-3.5" />
        Delete task
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Delete ${task.key}?`}
        description="Its comments go with it, and tasks waiting for it stop waiting. This cannot be undone."
        confirmLabel="Delete task"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}

/** A deleted task, or another organization's, is simply not there. */
function TaskError({ error }: { error: unknown }) {
  const { projectId, taskKey } = Route.useParams();
  if (!isNotFound(error)) return <ErrorView error={error} />;
  return (
    <EmptyState
      icon={CheckCircleIcon}
      title="Task not found"
      action={
        <Link
          to="/dashboard/projects/$projectId"
          params={{ projectId }}
          className={buttonClasses('secondary', 'sm')}
        >
          Back to the board
        </Link>
      }
    >
      There is no task {taskKey} here. It was deleted, or it belongs to another organization.
    </EmptyState>
  );
}
