import { answerQuestionSchema, listQuestionsQuerySchema, questionSchema } from '../contract/questions';
import { defineEndpoint, listOf } from './define';

export const questions = {
  list: defineEndpoint({
    method: 'GET',
    path: '/questions',
    summary: 'Questions agents asked people (request-input), newest first, answered or not',
    tag: 'Agents',
    query: listQuestionsQuerySchema,
    response: listOf(questionSchema),
    errors: ['TASK_NOT_FOUND'],
  }),
  answer: defineEndpoint({
    method: 'POST',
    path: '/questions/{questionId}/answer',
    summary: 'Answer an agent’s question: posted on the task as your comment, the waiting agent resumes',
    tag: 'Agents',
    body: answerQuestionSchema,
    response: questionSchema,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
};
