import type { Task, WorkUnit } from '@switchboard/api-client/contract';
import { cn } from '../../components/ui/cn';
import { fullDateTime } from '../../components/ui/format';
import { UserText } from '../../components/ui/user-text';
import { PullRequestBadge } from '../development/pull-request-badge';
import { useClaimHolder } from '../sessions/use-claim-holder';
import { TaskAssignee } from '../tasks/assignee-picker';
import { CheckIcon } from '../tasks/icons';
import { criteriaProgress } from '../tasks/tasks';

/** The lower part of a card: pull requests, work unit, the agent holding it, assignee and criteria. */
export function BoardCardMeta({ task, workUnit }: { task: Task; workUnit: WorkUnit | undefined }) {
  const { checked, total } = criteriaProgress(task);
  const holder = useClaimHolder(task);
  const pullRequests = task.development?.pullRequests ?? [];
  return (
    <>
      {pullRequests.length > 0 ? (
        <span className="mt-2 flex flex-wrap gap-1">
          {pullRequests.map((pullRequest) => (
            <PullRequestBadge
              key={`${pullRequest.repository}#${pullRequest.number}`}
              pullRequest={pullRequest}
            />
          ))}
        </span>
      ) : null}
      {workUnit ? (
        <p
          className="mt-2 truncate text-[11px] text-muted-foreground"
          title={`${workUnit.slug} ${workUnit.title}`}
        >
          <span className="font-mono">{workUnit.slug}</span> · <UserText>{workUnit.title}</UserText>
        </p>
      ) : null}
      {holder ? (
        <p
          className="mt-2 flex min-w-0 items-center gap-1.5 text-[11px] font-medium text-success"
          title={`Claimed until ${fullDateTime(holder.expiresAt)}; the lease renews with every call of the agent's session`}
        >
          <span aria-hidden="true" className="size-1.5 shrink-0 animate-pulse rounded-full bg-success" />
          <span className="truncate">
            Claimed by <span className="font-mono">{holder.agentName ?? 'an agent'}</span>
          </span>
        </p>
      ) : null}
      {task.assignee || task.assigneeUser || total > 0 ? (
        <div className="mt-2.5 flex items-center justify-between gap-2 text-[11px] text-muted-foreground">
          {task.assignee || task.assigneeUser ? <TaskAssignee task={task} /> : <span />}
          {total > 0 ? (
            <span
              className={cn(
                'flex shrink-0 items-center gap-1 tabular-nums',
                checked === total && 'text-success',
              )}
              title="Acceptance criteria checked"
            >
              <CheckIcon className="size-3.5" />
              <span className="sr-only">Acceptance criteria: </span>
              {checked}/{total}
            </span>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
