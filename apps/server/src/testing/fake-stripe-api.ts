import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseStripeForm } from './fake-stripe-form';
import { readBody, sendJson } from './fake-stripe-http';
import { API_ROUTES, type ApiAnswer, type ApiCall } from './fake-stripe-routes';
import type { FakeStripeState } from './fake-stripe-state';
import type { WebhookSender } from './fake-stripe-webhooks';

/** The route's handler and the `:id` it matched, if the route's segments match the path's. */
function matchRoute(method: string, path: string) {
  const segments = path.split('/');
  for (const [routeMethod, routePath, handle] of API_ROUTES) {
    const pattern = routePath.split('/');
    if (routeMethod !== method || pattern.length !== segments.length) continue;
    let id = '';
    const matches = pattern.every((part, index) => {
      if (part !== ':id') return part === segments[index];
      id = segments[index] ?? '';
      return id !== '';
    });
    if (matches) return { handle, id };
  }
  return undefined;
}

/** Answers one /v1/… call, recording it first so tests can see what the app asked Stripe. */
export async function answerApi(
  state: FakeStripeState,
  webhooks: WebhookSender,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const method = request.method ?? 'GET';
  const path = url.pathname;
  const query = url.searchParams;
  // The SDK sends a GET's parameters in the query string and everything else as a form body.
  const body = parseStripeForm(method === 'GET' ? query.toString() : await readBody(request));
  state.requests.push({ method, path, body });
  const route = matchRoute(method, path);
  const answer: ApiAnswer = route
    ? route.handle({ state, webhooks, path, id: route.id, body, query } satisfies ApiCall)
    : {
        status: 404,
        body: {
          error: { type: 'invalid_request_error', message: `The fake Stripe has no ${method} ${path}` },
        },
      };
  sendJson(response, answer.status, answer.body);
}
