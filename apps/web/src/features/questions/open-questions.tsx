import { useSuspenseQuery } from '@tanstack/react-query';
import { useApi } from '../../hooks/use-api';
import { QuestionCard } from './question-card';
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
          <QuestionCard
            key={question.id}
            question={question}
            label={`Question from ${question.agentName}`}
            now={now}
          />
        ))}
      </ul>
    </section>
  );
}
