import {
  type Endpoint,
  type PathParams,
  pathParamNames,
  routerPath,
} from '@switchboard/api-client/endpoints';
import { type Context, Hono, type Env as HonoEnv } from 'hono';
import * as z from 'zod';
import { readBody, readParams, readQuery } from './validation';

/** A path parameter is an id, a key, a slug or a name: never empty, never a page of text. */
export const pathParamSchema = z.string().min(1).max(200);

type ParsedOrUndefined<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the validated inputs of its endpoint and the request context. */
export interface EndpointRequest<E extends Endpoint, V extends HonoEnv> {
  params: PathParams<E['path']>;
  query: ParsedOrUndefined<E['query']>;
  body: ParsedOrUndefined<E['body']>;
  c: Context<V>;
}

/**
 * What a handler answers: the data of the endpoint's response schema (sent as JSON with the
 * endpoint's status), or a whole Response: for an endpoint without a JSON answer, or for one that
 * sends JSON it already holds as text (a cached answer, a 304).
 */
export type EndpointAnswer<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.input<E['response']> | Response
  : Response;

export type EndpointHandler<E extends Endpoint, V extends HonoEnv> = (
  request: EndpointRequest<E, V>,
) => EndpointAnswer<E> | Promise<EndpointAnswer<E>>;

function paramsSchemaOf(path: string) {
  return z.strictObject(
    Object.fromEntries(pathParamNames(path).map((name) => [name, pathParamSchema] as const)),
  );
}

/**
 * Routes mounted from endpoint descriptors: the descriptor gives the method, the path, the input
 * schemas and the success status, so a route file only says what each operation does.
 */
export function endpointRoutes<V extends HonoEnv = HonoEnv>() {
  const app = new Hono<V>();
  const routes = {
    app,
    on<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E, V>) {
      const paramsSchema = paramsSchemaOf(endpoint.path);
      app.on(endpoint.method, routerPath(endpoint.path), async (c) => {
        // TypeScript cannot follow a generic endpoint's schemas into the conditional input types; the
        // schemas below are exactly the ones those types are computed from.
        const params = readParams(c.req.param(), paramsSchema) as PathParams<E['path']>;
        const query = endpoint.query ? readQuery(c, endpoint.query) : undefined;
        const body = endpoint.body ? await readBody(c, endpoint.body) : undefined;
        const answer: unknown = await handler({
          params,
          query: query as ParsedOrUndefined<E['query']>,
          body: body as ParsedOrUndefined<E['body']>,
          c,
        });
        if (answer instanceof Response) return answer;
        return c.json(answer, endpoint.status);
      });
      return routes;
    },
  };
  return routes;
}
