import type { AuthServer } from '@switchboard/auth/server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import { hideForeignIds } from './http/auth-responses';
import { errorResponse, handleError } from './http/errors';
import { requireJsonBodies, requireSameOriginForCookieWrites } from './http/request-guards';
import { securityHeaders } from './http/security-headers';
import { staticSite } from './http/static-site';
import { configRoutes } from './routes/config';
import { healthRoutes } from './routes/health';

export interface AppDependencies {
  env: Env;
  database: DatabaseHandle;
  auth: AuthServer;
  /** Origins allowed to make cookie-authenticated writes. */
  trustedOrigins: string[];
  /** Folder of the built web app; omitted = API only. */
  webDir?: string;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Builds the whole HTTP surface: the API under /api/v1 and the web app around it. */
export function createApp({ env, database, auth, trustedOrigins, webDir }: AppDependencies) {
  const app = new Hono();
  app.use(
    securityHeaders({
      hsts: env.NODE_ENV === 'production',
      connectSources: env.POSTHOG_HOST ? [new URL(env.POSTHOG_HOST).origin] : [],
    }),
  );

  const api = new Hono();
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        // The rest of the oversized body is never read, so the connection cannot be reused.
        c.header('Connection', 'close');
        return errorResponse(c, 'PAYLOAD_TOO_LARGE');
      },
    }),
  );
  api.use(requireJsonBodies());
  // Applies to better-auth's routes too: its own Origin check does not cover every cookie write.
  api.use(requireSameOriginForCookieWrites(trustedOrigins));
  api.on(['GET', 'POST'], '/auth/*', async (c) => hideForeignIds(await auth.handler(c.req.raw)));
  api.route('/', healthRoutes(database));
  api.route('/', configRoutes(env));
  api.notFound((c) => errorResponse(c, 'ROUTE_NOT_FOUND'));
  api.onError(handleError);

  app.route('/api/v1', api);
  // Unknown paths under /api never fall through to the web app's index.html.
  app.all('/api/*', (c) => errorResponse(c, 'ROUTE_NOT_FOUND'));
  if (webDir) app.use(staticSite(webDir));
  app.notFound((c) => c.text('Not Found', 404));
  app.onError(handleError);
  return app;
}
