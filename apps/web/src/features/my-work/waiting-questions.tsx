import type { Question } from '@switchboard/api-client/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Markdown } from '../../components/ui/markdown';
import { RelativeTime } from '../../components/ui/relative-time';
import { AnswerQuestionForm } from '../questions/answer-question-form';
import { MessageIcon } from '../tasks/icons';
import { AgentBadge } from '../tasks/indicators';
import { TaskLink } from '../tasks/task-link';
import { myWorkKeys } from './my-work';

/** Agents' questions that wait for an answer, oldest first, each with its answer box. */
export function WaitingQuestions({ questions }: { questions: readonly Question[] }) {
  const queryClient = useQueryClient();
  const now = new Date();
  return (
    <ul className="flex flex-col gap-3">
      {questions.map((question) => (
        <li
          key={question.id}
          aria-label={`Question from ${question.agentName} about ${question.taskKey}`}
          className="rounded-card border border-amber-400/60 bg-amber-400/10 p-3 ring-1 ring-amber-400/30"
        >
          <header className="mb-1 flex flex-wrap items-center gap-2 text-[12px]">
            <AgentBadge name={question.agentName} className="size-5 text-[9px]" />
            <span className="font-mono font-semibold text-foreground">{question.agentName}</span>
            <span className="inline-flex items-center gap-1 text-amber-700 dark:text-amber-300">
              <MessageIcon className="size-3" />
              asks about
            </span>
            <TaskLink
              projectId={question.projectId}
              task={{ key: question.taskKey, title: '' }}
              className="text-foreground hover:underline"
            />
            <RelativeTime value={question.askedAt} now={now} className="text-muted-foreground" />
          </header>
          <Markdown source={question.question} breaks className="mb-2 text-foreground" />
          <AnswerQuestionForm
            question={question}
            onAnswered={() => void queryClient.invalidateQueries({ queryKey: myWorkKeys.all })}
          />
        </li>
      ))}
    </ul>
  );
}
