import { useSuspenseQuery } from '@tanstack/react-query';
import { Markdown } from '../../components/ui/markdown';
import { RelativeTime } from '../../components/ui/relative-time';
import { useApi } from '../../hooks/use-api';
import { MessageIcon } from '../tasks/icons';
import { AgentBadge } from '../tasks/indicators';
import { AnswerQuestionForm } from './answer-question-form';
import { openQuestionsOf, taskQuestionsQueryOptions } from './questions';

/**
 * What agents wait on a person for, about this task, above its chat: each open question with a form
 * to answer it. Nothing shows when no question is open; answered ones live on in the chat.
 */
export function OpenQuestions({ taskId }: { taskId: string }) {
  const api = useApi();
  const { data: questions } = useSuspenseQuery(taskQuestionsQueryOptions(api, taskId));
  const open = openQuestionsOf(questions);
  if (open.length === 0) return null;
  const now = new Date();

  return (
    <section aria-labelledby="open-questions-heading" className="flex flex-col gap-3">
      <h2
        id="open-questions-heading"
        className="text-[13px] font-semibold text-amber-700 dark:text-amber-300"
      >
        {open.length === 1
          ? 'An agent is waiting for your answer'
          : `${open.length} questions wait for your answer`}
      </h2>
      <ul className="flex flex-col gap-3">
        {open.map((question) => (
          <li
            key={question.id}
            aria-label={`Question from ${question.agentName}`}
            className="rounded-card border border-amber-400/60 bg-amber-400/10 p-3 ring-1 ring-amber-400/30"
          >
            <header className="mb-1 flex items-center gap-2 text-[12px]">
              <AgentBadge name={question.agentName} className="size-5 text-[9px]" />
              <span className="font-mono font-semibold text-foreground">{question.agentName}</span>
              <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-300">
                <MessageIcon className="size-3" />
                asks
              </span>
              <RelativeTime value={question.askedAt} now={now} className="text-muted-foreground" />
            </header>
            <Markdown source={question.question} breaks className="mb-2 text-foreground" />
            <AnswerQuestionForm question={question} />
          </li>
        ))}
      </ul>
    </section>
  );
}
