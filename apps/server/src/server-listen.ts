import { serve } from '@hono/node-server';
import type { Env } from './env';

/** How long an idle keep-alive connection stays open: longer than clients and proxies keep theirs. */
const IDLE_CONNECTION_MS = 65_000;

export type ListeningServer = ReturnType<typeof serve>;

/** Listens on the environment's host and port; resolves once it does, rejects when it cannot. */
export async function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  env: Env,
): Promise<ListeningServer> {
  const server = await new Promise<ListeningServer>((resolveListen, rejectListen) => {
    const instance = serve({ fetch, port: env.PORT, hostname: env.HOST }, () => resolveListen(instance));
    instance.once('error', rejectListen);
  });
  // Clients reuse an idle connection for a few seconds (undici: 4 s). Were the server to drop it
  // first, a request sent as it closes is lost as a reset; a busy machine fires that timer late.
  // So idle connections stay open longer than any client keeps them, as proxies expect (60 s).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = IDLE_CONNECTION_MS;
    server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
  }
  return server;
}

/** Stops listening, ending open keep-alive and SSE connections, which would otherwise hold the close forever. */
export function stopListening(server: ListeningServer): Promise<void> {
  return new Promise<void>((done) => {
    server.close(() => done());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}
