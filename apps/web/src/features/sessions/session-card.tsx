import type { AgentSession, ProjectWithCounts, Question } from '@switchboard/api-client/contract';
import { Link } from '@tanstack/react-router';
import { cn } from '../../components/ui/cn';
import { fullDateTime } from '../../components/ui/format';
import { UserText } from '../../components/ui/user-text';
import { AnswerQuestionForm } from '../questions/answer-question-form';
import { MessageIcon } from '../tasks/icons';
import { AgentBadge } from '../tasks/indicators';
import { TaskLink } from '../tasks/task-link';
import { durationLabel, sessionStatusAt, sinceLabel } from './agent-sessions';
import { SessionStatusBadge } from './session-status-badge';

/**
 * One agent session: who, with which client, where, on what, since when and last seen when. A session
 * awaiting input shows its question, a form to answer it right here, and a link to the task.
 */
export function SessionCard({
  session,
  project,
  question,
  now,
}: {
  session: AgentSession;
  project: Pick<ProjectWithCounts, 'id' | 'key' | 'name'> | undefined;
  /** The open question the session waits on, once the questions are read. */
  question: Question | undefined;
  now: number;
}) {
  const status = sessionStatusAt(session, now);
  const waiting = status === 'awaiting_input';
  const task = session.currentTask;
  const projectId = session.projectId ?? project?.id;
  const client = session.client ? `${session.client.name} ${session.client.version}`.trim() : null;

  return (
    <li
      aria-label={`${session.agentName} session`}
      data-session-id={session.id}
      className={cn(
        'rounded-card border bg-surface shadow-xs transition-colors',
        waiting ? 'border-amber-400/60 ring-1 ring-amber-400/30' : 'border-border',
        status === 'ended' && 'opacity-75',
      )}
    >
      <div className="flex flex-wrap items-start gap-3 px-4 py-3">
        <AgentBadge name={session.agentName} className="mt-0.5 size-8 rounded-control text-[11px]" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-[13px] font-semibold text-foreground">{session.agentName}</span>
            <SessionStatusBadge status={status} />
          </p>
          <p className="mt-0.5 text-[12px] text-muted-foreground">
            {client ? <span title="MCP client">{client}</span> : <span>Unknown client</span>}
            {project ? (
              <>
                {' · '}
                <Link
                  to="/dashboard/projects/$projectId"
                  params={{ projectId: project.id }}
                  className="hover:text-foreground hover:underline"
                >
                  <span className="font-mono">{project.key}</span> <UserText>{project.name}</UserText>
                </Link>
              </>
            ) : session.projectId ? null : (
              ' · No project'
            )}
          </p>
        </div>
        <dl className="grid w-full grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 pl-11 text-[12px] sm:w-auto sm:grid-cols-[auto_auto] sm:pl-0 sm:text-right">
          <dt className="text-muted-foreground">Last seen</dt>
          <dd className="text-foreground tabular-nums">
            <time dateTime={session.lastSeenAt} title={fullDateTime(session.lastSeenAt)}>
              {sinceLabel(session.lastSeenAt, now)}
            </time>
          </dd>
          <dt className="text-muted-foreground">Started</dt>
          <dd className="text-muted-foreground tabular-nums">
            <time dateTime={session.startedAt} title={fullDateTime(session.startedAt)}>
              {sinceLabel(session.startedAt, now)}
            </time>
            <span className="sr-only">, </span>
            <span aria-hidden="true"> · </span>
            {status === 'ended' ? 'ran ' : 'running '}
            {durationLabel(session.startedAt, session.endedAt, now)}
          </dd>
        </dl>
      </div>
      {task || waiting ? (
        <div className="flex flex-col gap-2 border-t border-border px-4 py-2.5 text-[13px]">
          {task && projectId ? (
            <p className="min-w-0 truncate">
              <span className="text-muted-foreground">{waiting ? 'On ' : 'Working on '}</span>
              <TaskLink
                projectId={projectId}
                task={task}
                className="font-medium text-foreground hover:underline [&>span]:text-[12px]"
              />
            </p>
          ) : null}
          {waiting ? (
            <div className="flex items-start gap-2 rounded-control bg-amber-400/10 px-3 py-2">
              <MessageIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600 dark:text-amber-300" />
              <div className="min-w-0 flex-1">
                <p className="text-[12px] font-medium text-amber-700 dark:text-amber-300">Asks</p>
                <p className="whitespace-pre-wrap text-foreground">
                  {question?.question ?? session.question ?? 'A question (not shown here).'}
                </p>
                {question ? (
                  <div className="mt-2">
                    <AnswerQuestionForm question={question} compact />
                  </div>
                ) : null}
                {task && projectId ? (
                  <Link
                    to="/dashboard/projects/$projectId/tasks/$taskKey"
                    params={{ projectId, taskKey: task.key }}
                    className="mt-1 inline-block text-[12px] font-medium text-accent hover:underline"
                  >
                    Answer on {task.key}
                  </Link>
                ) : null}
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
