import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { answerQuestion, listQuestions } from '../domain/agents/questions';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

/** Questions agents asked people, and the answers people give them. */
export function questionRoutes(services: DomainServices) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.questions.list, async ({ query, c }) => ({
      items: await listQuestions(services.db, c.var.acting, query),
    }))
    .on(endpoints.questions.answer, async ({ params, body, c }) =>
      answerQuestion(services, c.var.acting, params.questionId, body),
    ).app;
}
