import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Stripe's ids: a prefix naming the kind of object, then random characters. */
export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  // The SDK reads request-id into its errors; a real-looking one keeps those messages honest.
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
  response.end(JSON.stringify(body));
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
