import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './fake-stripe-http';
import { lineItemsOf } from './fake-stripe-objects';
import type { FakeStripeState, Json } from './fake-stripe-state';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

function sendPage(response: ServerResponse, title: string, content: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1>${content}</main></body></html>`);
}

function checkoutPage(response: ServerResponse, sessionId: string, session: Json): void {
  const total = lineItemsOf(session)
    .map((item) => `${item.quantity} × ${item.price}`)
    .join(', ');
  sendPage(
    response,
    'Fake Stripe Checkout',
    `<p>${escapeHtml(total)}</p><form method="post" action="/checkout/${sessionId}/pay"><button type="submit">Pay</button></form>`,
  );
}

/** Only a way back: the journeys test that the app sends people to the portal, not the portal. */
function portalPage(response: ServerResponse, query: URLSearchParams): void {
  const back = query.get('return_url') ?? '/';
  sendPage(response, 'Fake Stripe billing portal', `<a href="${escapeHtml(back)}">Return</a>`);
}

/**
 * The pages a browser is sent to: Checkout (`/checkout/:id`, whose Pay button posts to
 * `/checkout/:id/pay` and is redirected to the success URL) and the billing portal (`/portal/:id`).
 */
export async function answerPage(
  state: FakeStripeState,
  pay: (sessionId: string) => Promise<string>,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const [, kind, pageId = '', action] = url.pathname.split('/');
  const session = kind === 'checkout' ? state.sessions.get(pageId) : undefined;
  if (session && request.method === 'GET' && !action) return checkoutPage(response, pageId, session);
  if (session && request.method === 'POST' && action === 'pay') {
    await readBody(request);
    response.writeHead(303, { location: await pay(pageId) }).end();
    return;
  }
  if (kind === 'portal') return portalPage(response, url.searchParams);
  response.writeHead(404).end('Not Found');
}
