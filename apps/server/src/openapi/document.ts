import {
  allEndpoints,
  COMMON_ERRORS,
  type Endpoint,
  pathParamDescription,
  pathParamNames,
} from '@switchboard/api-client/endpoints';
import { ERROR_CODES, type ErrorCode, errorBodySchema } from '@switchboard/api-client/errors';
import { API_BASE_PATH } from '@switchboard/api-client/paths';
import * as z from 'zod';
import { pathParamSchema } from '../http/endpoint-route';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  // The same zod schema the server validates with; draft 2020-12 is what OpenAPI 3.1 speaks.
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function pathParameters(path: string) {
  return pathParamNames(path).map((name) => ({
    name,
    in: 'path',
    required: true,
    description: pathParamDescription(name),
    schema: jsonSchema(pathParamSchema, 'input'),
  }));
}

function queryParameters(query: z.ZodType | undefined) {
  if (!(query instanceof z.ZodObject)) return [];
  return Object.entries(query.shape).map(([name, field]) => ({
    name,
    in: 'query',
    required: !field.safeParse(undefined).success,
    schema: jsonSchema(field, 'input'),
  }));
}

/** Public operations answer only their own codes; member ones also what every member route can. */
function errorCodesOf(endpoint: Endpoint): ErrorCode[] {
  const common: readonly ErrorCode[] = endpoint.access === 'member' ? COMMON_ERRORS : [];
  const inputs: ErrorCode[] = endpoint.query || endpoint.body ? ['VALIDATION_FAILED'] : [];
  return [...new Set([...common, ...inputs, ...endpoint.errors])];
}

/** One response per status; its description lists the codes that answer with it. */
function errorResponses(endpoint: Endpoint) {
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) {
    const status = ERROR_CODES[code].status;
    codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...codesByStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.join(', '),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

function successResponse(endpoint: Endpoint) {
  if (endpoint.stream) {
    return { description: 'Event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } };
  }
  if (!endpoint.response) return { description: 'Success', content: { 'application/json': {} } };
  return {
    description: 'Success',
    content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } },
  };
}

const notModifiedResponse = {
  description: 'Not Modified: the answer is still the one whose ETag the request sent in If-None-Match',
};

function operationOf(endpoint: Endpoint) {
  return {
    summary: endpoint.summary,
    tags: [endpoint.tag],
    // An empty list lifts the document-wide requirement: anyone may call a public operation.
    ...(endpoint.access === 'public' ? { security: [] } : {}),
    parameters: [...pathParameters(endpoint.path), ...queryParameters(endpoint.query)],
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [String(endpoint.status)]: successResponse(endpoint),
      ...(endpoint.conditional ? { '304': notModifiedResponse } : {}),
      ...errorResponses(endpoint),
    },
  };
}

/** The OpenAPI 3.1 document of the REST API, built once from the endpoint descriptors. */
export function buildOpenApiDocument(options: { serverUrl: string; title: string }) {
  const paths: Record<string, Record<string, ReturnType<typeof operationOf>>> = {};
  for (const endpoint of allEndpoints()) {
    paths[endpoint.path] = {
      ...paths[endpoint.path],
      [endpoint.method.toLowerCase()]: operationOf(endpoint),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${options.title} API`,
      version: '1',
      description:
        'REST API of Switchboard. Every request acts in the active organization of its session (cookie or bearer token) or API key; ids of other organizations answer 404.',
    },
    servers: [{ url: new URL(API_BASE_PATH, options.serverUrl).toString() }],
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
