import * as z from 'zod';
import { errorBodySchema, type Operation, operations } from './operations';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  // The same zod schema the server validates with; draft 2020-12 is what OpenAPI 3.1 speaks.
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function queryParameters(query: Operation['query']) {
  if (!query) return [];
  return Object.entries(query.shape).map(([name, field]) => ({
    name,
    in: 'query',
    required: !(field as z.ZodType).safeParse(undefined).success,
    schema: jsonSchema(field as z.ZodType, 'input'),
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The OpenAPI 3.1 document of the REST API, built once from the contract. */
export function buildOpenApiDocument(options: { serverUrl: string; title: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const success = operation.stream
      ? { description: 'Event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } }
      : {
          description: 'Success',
          ...(operation.response
            ? { content: { 'application/json': { schema: jsonSchema(operation.response, 'output') } } }
            : {}),
        };
    paths[operation.path] ??= {};
    (paths[operation.path] as Record<string, unknown>)[operation.method] = {
      summary: operation.summary,
      tags: [operation.tag],
      ...(operation.public ? { security: [] } : {}),
      parameters: [...pathParameters(operation.path), ...queryParameters(operation.query)],
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [String(operation.status ?? 200)]: success,
        ...(operation.body || operation.query
          ? { 400: errorResponse('Validation failed (details: zod issues)') }
          : {}),
        ...(operation.public
          ? {}
          : { 401: errorResponse('Not signed in'), 404: errorResponse('Not found in your organisation') }),
        ...(operation.method === 'patch'
          ? { 409: errorResponse('Stale version (details.currentVersion)') }
          : {}),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${options.title} API`,
      version: '1',
      description:
        'REST API of Switchboard. Every request acts in the active organisation of its session (cookie or bearer token); ids of other organisations answer 404.',
    },
    servers: [{ url: new URL('/api/v1', options.serverUrl).toString() }],
    security: [{ session: [] }, { bearer: [] }, { apiKey: [] }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        bearer: { type: 'http', scheme: 'bearer', description: 'A session token, or an API key (sb_…)' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
      schemas: { Error: jsonSchema(errorBodySchema, 'output') },
    },
    paths,
  };
}
