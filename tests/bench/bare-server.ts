import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

export interface BareServer {
  url: string;
  app: Hono;
  close(): Promise<void>;
}

/** A bare Hono app on @hono/node-server: the baseline the real server is measured against. */
export async function startBareServer(build: (app: Hono) => void): Promise<BareServer> {
  const app = new Hono();
  build(app);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const instance = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(instance));
    instance.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

/** Signs a new user up on a test server and returns the session cookie header. */
export async function signUpForBench(url: string, name: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      name,
      email: `${name.toLowerCase()}-${Date.now()}@bench.test`,
      password: 'bench password 1',
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
