import { createServer, type IncomingMessage } from 'node:http';

export interface FakeTurnstile {
  /** The siteverify endpoint, for TURNSTILE_VERIFY_URL. */
  url: string;
  /** What the server asked to verify: secret, response token and the client address. */
  requests: { secret?: string; response?: string; remoteip?: string }[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').includes('application/json'))
    return JSON.parse(text || '{}') as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * A stand-in for Cloudflare's siteverify (https://challenges.cloudflare.com/turnstile/v0/siteverify):
 * with the right secret it accepts exactly the tokens it was given, and answers like Cloudflare does.
 */
export async function startFakeTurnstile(options: {
  secret: string;
  acceptedTokens: string[];
}): Promise<FakeTurnstile> {
  const requests: FakeTurnstile['requests'] = [];
  const server = createServer((request, response) => {
    readBody(request)
      .then((body) => {
        requests.push(body);
        const errors: string[] = [];
        if (body.secret !== options.secret) errors.push('invalid-input-secret');
        if (!body.response || !options.acceptedTokens.includes(body.response))
          errors.push('invalid-input-response');
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            errors.length === 0
              ? {
                  success: true,
                  challenge_ts: new Date().toISOString(),
                  hostname: '127.0.0.1',
                  'error-codes': [],
                }
              : { success: false, 'error-codes': errors },
          ),
        );
      })
      .catch(() => response.writeHead(400).end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
