import type { TypedApi } from '@switchboard/api-client';
import type { Question, RealtimeEvent } from '@switchboard/api-client/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';

/**
 * Questions agents ask people (request-input). Two lists: the organization's open questions (what
 * Active sessions answers) and one task's questions, answered or not (what its page shows). Both are
 * patched by question.* events and by the answer a person gives here.
 */
export const questionKeys = {
  all: ['questions'] as const,
  open: () => ['questions', 'open'] as const,
  task: (taskId: string) => ['questions', 'task', taskId] as const,
};

/** The most open questions Active sessions reads; far more than people keep waiting at once. */
const OPEN_QUESTIONS_LIMIT = 200;

export async function fetchOpenQuestions(api: TypedApi, signal?: AbortSignal): Promise<Question[]> {
  return (await api.questions.list({ query: { open: 'true', limit: OPEN_QUESTIONS_LIMIT }, signal })).items;
}

export const openQuestionsQueryOptions = (api: TypedApi) =>
  queryOptions({
    queryKey: questionKeys.open(),
    queryFn: ({ signal }) => fetchOpenQuestions(api, signal),
    retry: retryUnlessClientError,
  });

export async function fetchTaskQuestions(
  api: TypedApi,
  taskId: string,
  signal?: AbortSignal,
): Promise<Question[]> {
  return (await api.questions.list({ query: { task: taskId }, signal })).items;
}

/** A task's questions, newest first. */
export const taskQuestionsQueryOptions = (api: TypedApi, taskId: string) =>
  queryOptions({
    queryKey: questionKeys.task(taskId),
    queryFn: ({ signal }) => fetchTaskQuestions(api, taskId, signal),
    retry: retryUnlessClientError,
  });

export function answerQuestion(api: TypedApi, questionId: string, answer: string): Promise<Question> {
  return api.questions.answer({ questionId, body: { answer } });
}

const newestFirst = (a: Question, b: Question) =>
  Date.parse(b.askedAt) - Date.parse(a.askedAt) || b.id.localeCompare(a.id);

/** Adds or replaces a question; an answered one is never replaced by its unanswered self (a late event). */
export function upsertQuestion(questions: readonly Question[], question: Question): Question[] {
  const current = questions.find((candidate) => candidate.id === question.id);
  if (current?.answer != null && question.answer === null) return [...questions];
  return [...questions.filter((candidate) => candidate.id !== question.id), question].sort(newestFirst);
}

/** The open list keeps only unanswered questions. */
export function withOpenQuestion(questions: readonly Question[], question: Question): Question[] {
  if (question.answer !== null) return questions.filter((candidate) => candidate.id !== question.id);
  return upsertQuestion(questions, question);
}

/** Puts a question, asked or answered, in every list that holds it. */
export function storeQuestion(queryClient: QueryClient, question: Question): void {
  queryClient.setQueryData<Question[]>(questionKeys.open(), (questions) =>
    questions ? withOpenQuestion(questions, question) : questions,
  );
  queryClient.setQueryData<Question[]>(questionKeys.task(question.taskId), (questions) =>
    questions ? upsertQuestion(questions, question) : questions,
  );
}

export function applyQuestionChange(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.action) {
    case 'question.asked':
    case 'question.answered':
      storeQuestion(queryClient, event.data.question);
      break;
  }
}

/** The question a waiting session asked: its latest open one. */
export function openQuestionOf(
  questions: readonly Question[] | undefined,
  sessionId: string,
): Question | undefined {
  return questions
    ?.filter((question) => question.sessionId === sessionId && question.answer === null)
    .sort(newestFirst)[0];
}

/** A task's open questions, oldest first: the one waiting longest is answered first. */
export function openQuestionsOf(questions: readonly Question[]): Question[] {
  return questions.filter((question) => question.answer === null).sort((a, b) => newestFirst(b, a));
}
