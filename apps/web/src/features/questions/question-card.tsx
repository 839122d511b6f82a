import type { Question } from '@switchboard/api-client/contract';
import type { ReactNode } from 'react';
import { Markdown } from '../../components/ui/markdown';
import { RelativeTime } from '../../components/ui/relative-time';
import { MessageIcon } from '../tasks/icons';
import { AgentBadge } from '../tasks/indicators';
import { AnswerQuestionForm } from './answer-question-form';

/**
 * One open question as a card: who asks and when, the question, and the box to answer it. `about`
 * follows the asking words, for lists where the task is not plain from the page.
 */
export function QuestionCard({
  question,
  label,
  now,
  about,
  onAnswered,
}: {
  question: Question;
  label: string;
  now: Date;
  about?: ReactNode;
  onAnswered?: () => void;
}) {
  return (
    <li
      aria-label={label}
      className="rounded-card border border-amber-400/60 bg-amber-400/10 p-3 ring-1 ring-amber-400/30"
    >
      <header className="mb-1 flex flex-wrap items-center gap-2 text-[12px]">
        <AgentBadge name={question.agentName} className="size-5 text-[9px]" />
        <span className="font-mono font-semibold text-foreground">{question.agentName}</span>
        <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-300">
          <MessageIcon className="size-3" />
          {about ? 'asks about' : 'asks'}
        </span>
        {about}
        <RelativeTime value={question.askedAt} now={now} className="text-muted-foreground" />
      </header>
      <Markdown source={question.question} breaks className="mb-2 text-foreground" />
      <AnswerQuestionForm question={question} onAnswered={onAnswered} />
    </li>
  );
}
