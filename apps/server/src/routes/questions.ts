import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { answerQuestion, listQuestions } from '../domain/agents/questions';
import type { EventBus } from '../events/bus';
import { endpointRoutes } from '../http/endpoint-route';

/** Questions agents asked people, and the answers people give them. */
export function questionRoutes(db: Database, bus: EventBus) {
  return endpointRoutes<{ Variables: ActingVariables }>()
    .on(endpoints.questions.list, async ({ query, c }) => ({
      items: await listQuestions(db, c.var.acting, query),
    }))
    .on(endpoints.questions.answer, async ({ params, body, c }) =>
      answerQuestion(db, bus, c.var.acting, params.questionId, body),
    ).app;
}
