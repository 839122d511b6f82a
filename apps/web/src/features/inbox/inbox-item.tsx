import type { Notification } from '@switchboard/api-client/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { cn } from '../../components/ui/cn';
import { MarkdownLine } from '../../components/ui/markdown';
import { RelativeTime } from '../../components/ui/relative-time';
import { AnswerQuestionForm } from '../questions/answer-question-form';
import { notificationKeys } from './notifications';
import { useMarkRead } from './use-inbox-mutations';

const KIND_LABELS: Record<Notification['kind'], string> = {
  input_requested: 'Question',
  mentioned: 'Mention',
  assigned: 'Assigned',
  task_review: 'In review',
  task_done: 'Done',
};

/**
 * The entry's title, as a link to what it is about: a plan's conversation (in the project's plan view)
 * or a task's page. An entry whose subject is gone stays plain text.
 */
function EntryTitle({ entry, unread, onOpen }: { entry: Notification; unread: boolean; onOpen: () => void }) {
  // A title is typed text: an unbroken one wraps instead of running out of the entry.
  const className = cn(
    'mt-0.5 block text-sm wrap-anywhere hover:underline',
    unread ? 'font-semibold text-foreground' : 'text-foreground/80',
  );
  if (entry.projectId && entry.planId) {
    return (
      <Link
        to="/dashboard/projects/$projectId"
        params={{ projectId: entry.projectId }}
        search={{ view: 'plan', plan: entry.planId }}
        onClick={onOpen}
        className={className}
      >
        {entry.title}
      </Link>
    );
  }
  if (entry.projectId && entry.taskKey) {
    return (
      <Link
        to="/dashboard/projects/$projectId/tasks/$taskKey"
        params={{ projectId: entry.projectId, taskKey: entry.taskKey }}
        onClick={onOpen}
        className={className}
      >
        {entry.title}
      </Link>
    );
  }
  return (
    <p className={cn('mt-0.5 text-sm wrap-anywhere', unread ? 'font-semibold' : undefined)}>{entry.title}</p>
  );
}

/**
 * One entry: unread ones stand out; opening its plan or task marks it read. An agent's open question
 * can be answered right here, and the answer reaches the waiting agent as from the task page.
 */
export function InboxItem({ entry, now }: { entry: Notification; now: Date }) {
  const markRead = useMarkRead();
  const queryClient = useQueryClient();
  const unread = entry.readAt === null;
  const read = () => {
    if (unread) markRead.mutate(entry.id);
  };

  return (
    <li
      aria-label={`${unread ? 'Unread: ' : ''}${entry.title}`}
      className={cn('flex gap-3 px-4 py-3', unread ? 'bg-accent/5' : undefined)}
    >
      <span
        aria-hidden="true"
        className={cn('mt-2 size-2 shrink-0 rounded-full', unread ? 'bg-accent' : 'bg-transparent')}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 text-[11px] text-muted-foreground">
          <span className="font-medium tracking-wide uppercase">{KIND_LABELS[entry.kind]}</span>
          <span>{entry.actor.name}</span>
          <RelativeTime value={entry.createdAt} now={now} />
        </div>
        <EntryTitle entry={entry} unread={unread} onOpen={read} />
        {entry.summary ? (
          <MarkdownLine
            source={entry.summary}
            className="mt-0.5 line-clamp-2 block text-[13px] text-muted-foreground"
          />
        ) : null}
        {entry.kind === 'input_requested' && entry.questionOpen && entry.questionId && entry.taskKey ? (
          <div className="mt-2">
            <AnswerQuestionForm
              compact
              question={{ id: entry.questionId, agentName: entry.actor.name, taskKey: entry.taskKey }}
              onAnswered={() => {
                read();
                void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
              }}
            />
          </div>
        ) : null}
      </div>
    </li>
  );
}
