import type { Question } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../hooks/use-api';
import { answerQuestion, questionKeys, storeQuestion } from './questions';

/**
 * Answers an agent's question. The answer is stored in every question list at once (the event that
 * follows changes nothing more); when it fails because someone answered first, the lists are read
 * again so the page shows their answer.
 */
export function useAnswerQuestion(question: Pick<Question, 'id'>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: string) => answerQuestion(api, question.id, answer),
    onSuccess: (answered) => storeQuestion(queryClient, answered),
    onError: () => void queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
