import type { Question } from '@switchboard/api-client/contract';
import { useQueryClient } from '@tanstack/react-query';
import { QuestionCard } from '../questions/question-card';
import { TaskLink } from '../tasks/task-link';
import { myWorkKeys } from './my-work';

/** Agents' questions that wait for an answer, oldest first, each with its answer box. */
export function WaitingQuestions({ questions }: { questions: readonly Question[] }) {
  const queryClient = useQueryClient();
  const now = new Date();
  return (
    <ul className="flex flex-col gap-3">
      {questions.map((question) => (
        <QuestionCard
          key={question.id}
          question={question}
          label={`Question from ${question.agentName} about ${question.taskKey}`}
          now={now}
          about={
            <TaskLink
              projectId={question.projectId}
              task={{ key: question.taskKey, title: '' }}
              className="text-foreground hover:underline"
            />
          }
          onAnswered={() => void queryClient.invalidateQueries({ queryKey: myWorkKeys.all })}
        />
      ))}
    </ul>
  );
}
