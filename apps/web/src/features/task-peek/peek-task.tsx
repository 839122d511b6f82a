import type { Task } from '@switchboard/api-client/contract';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useApi } from '../../hooks/use-api';
import { TaskDevelopment } from '../development/task-development';
import { statusesQueryOptions } from '../projects/projects';
import { SectionBoundary } from '../projects/section-boundary';
import { CommentThread } from '../tasks/comment-thread';
import { deletedTaskQueryOptions } from '../tasks/deleted-elsewhere';
import { TaskDeleted } from '../tasks/task-deleted';
import { AcceptanceCriteria, TaskDescription, TaskTitle } from '../tasks/task-editors';
import { TaskProperties } from '../tasks/task-properties';
import { boardTasksQueryOptions, taskKeys, taskQueryOptions } from '../tasks/tasks';
import { workUnitsQueryOptions } from '../work-units/work-units';

/**
 * The task in the peek panel. It starts from the board's copy (kept current by the same live
 * events), so stepping through tasks shows each at once, and is read again behind it.
 */
export function PeekTask({ projectId, taskKey }: { projectId: string; taskKey: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data: statuses } = useSuspenseQuery(statusesQueryOptions(api, projectId));
  const { data: projectTasks } = useSuspenseQuery(boardTasksQueryOptions(api, projectId));
  const { data: workUnits } = useSuspenseQuery(workUnitsQueryOptions(api, projectId));
  const onBoard = projectTasks.find((candidate) => candidate.key.toLowerCase() === taskKey.toLowerCase());
  const { data: task } = useSuspenseQuery({
    ...taskQueryOptions(api, onBoard?.key ?? taskKey),
    initialData: onBoard,
    initialDataUpdatedAt: () => queryClient.getQueryState(taskKeys.board(projectId))?.dataUpdatedAt,
  });
  const { data: deletion } = useQuery(deletedTaskQueryOptions(task.id));

  if (deletion) return <TaskDeleted task={task} by={deletion.by} />;
  return <PeekFields task={task} statuses={statuses} projectTasks={projectTasks} workUnits={workUnits} />;
}

function PeekFields({
  task,
  ...properties
}: { task: Task } & Omit<Parameters<typeof TaskProperties>[0], 'task'>) {
  return (
    <div className="flex flex-col gap-6">
      <TaskTitle key={task.id} task={task} level={2} />
      <div className="rounded-card border border-border bg-surface p-3">
        <TaskProperties task={task} {...properties} />
      </div>
      <TaskDescription key={`description-${task.id}`} task={task} />
      <AcceptanceCriteria key={`criteria-${task.id}`} task={task} />
      <TaskDevelopment development={task.development} />
      <SectionBoundary title="Comments">
        <CommentThread key={task.id} taskId={task.id} />
      </SectionBoundary>
    </div>
  );
}
