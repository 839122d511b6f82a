import { endpoints } from '@switchboard/api-client/endpoints';
import type { Env } from '../env';
import { endpointRoutes } from '../http/endpoint-route';
import { buildOpenApiDocument } from '../openapi/document';

export function openApiRoutes(env: Env) {
  const document = buildOpenApiDocument({ serverUrl: env.API_URL, title: env.BRAND_NAME });
  return endpointRoutes().on(endpoints.system.openapi, ({ c }) => c.json(document)).app;
}
