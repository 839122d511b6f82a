import { Hono } from 'hono';
import type { Env } from '../env';
import { buildOpenApiDocument } from '../openapi/document';

export function openApiRoutes(env: Env) {
  const document = buildOpenApiDocument({ serverUrl: env.API_URL, title: env.BRAND_NAME });
  return new Hono().get('/openapi.json', (c) => c.json(document));
}
