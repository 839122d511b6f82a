import type * as z from 'zod';
import type { ApiClient, QueryParams } from './client';
import { type Endpoint, fillPath, type PathParams } from './endpoints/define';
import { endpointGroupLoaders } from './endpoints/group-loaders';
import type { Endpoints } from './endpoints/index';

type QueryInput<E extends Endpoint> = E['query'] extends z.ZodType
  ? { query?: Partial<z.input<E['query']>> }
  : { query?: never };
type BodyInput<E extends Endpoint> = E['body'] extends z.ZodType
  ? { body: z.input<E['body']> }
  : { body?: never };

/** What calling an endpoint takes: its path parameters by name, plus `query`, `body` and `signal`. */
export type EndpointInput<E extends Endpoint> = PathParams<E['path']> &
  QueryInput<E> &
  BodyInput<E> & { signal?: AbortSignal; headers?: Record<string, string> };

/** What an endpoint answers, parsed with its response schema. */
export type EndpointOutput<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : unknown;

type NeedsInput<E extends Endpoint> = keyof PathParams<E['path']> extends never
  ? E['body'] extends z.ZodType
    ? true
    : false
  : true;

export type EndpointCall<E extends Endpoint> =
  NeedsInput<E> extends true
    ? (input: EndpointInput<E>) => Promise<EndpointOutput<E>>
    : (input?: EndpointInput<E>) => Promise<EndpointOutput<E>>;

export type TypedApi = {
  [Group in keyof Endpoints]: {
    [Name in keyof Endpoints[Group]]: Endpoints[Group][Name] extends Endpoint
      ? EndpointCall<Endpoints[Group][Name]>
      : never;
  };
} & {
  /** The absolute URL of an endpoint, for an EventSource or a link. */
  urlOf<E extends Endpoint>(endpoint: E, input: PathParams<E['path']> & { query?: QueryParams }): string;
  /** The untyped client underneath, for better-auth-free raw calls in tests and tools. */
  readonly raw: ApiClient;
};

const RESERVED_INPUT_KEYS = new Set(['query', 'body', 'signal', 'headers']);

function splitInput(input: Record<string, unknown> | undefined) {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(input ?? {})) {
    if (!RESERVED_INPUT_KEYS.has(key) && typeof value === 'string') params[key] = value;
  }
  return {
    params,
    query: input?.query as QueryParams | undefined,
    body: input?.body,
    signal: input?.signal as AbortSignal | undefined,
    headers: input?.headers as Record<string, string> | undefined,
  };
}

/** Calls one endpoint through a client: fills its path, sends query and body, parses the answer. */
export function callEndpoint<E extends Endpoint>(
  client: ApiClient,
  endpoint: E,
  input?: EndpointInput<E>,
): Promise<EndpointOutput<E>> {
  const { params, query, body, signal, headers } = splitInput(input as Record<string, unknown> | undefined);
  const path = fillPath(endpoint.path, params);
  const options = { query, body, signal, headers };
  if (endpoint.response) {
    return client.request(endpoint.method, path, { ...options, schema: endpoint.response }) as Promise<
      EndpointOutput<E>
    >;
  }
  return client.request(endpoint.method, path, options) as Promise<EndpointOutput<E>>;
}

/**
 * The calls of one endpoint group, each by its endpoint's name. The group's descriptors, and with them
 * its zod schemas, load on the first call, so a process that calls one group never builds the others.
 */
function lazyGroup(client: ApiClient, groupName: string, load: () => Promise<object>) {
  let loaded: Promise<Record<string, Endpoint>> | undefined;
  const endpointNamed = async (name: string) => {
    loaded ??= load() as Promise<Record<string, Endpoint>>;
    const group = await loaded;
    const endpoint = Object.hasOwn(group, name) ? group[name] : undefined;
    if (!endpoint) throw new Error(`No endpoint '${groupName}.${name}' in the API contract`);
    return endpoint;
  };
  const calls = new Map<string, (input?: EndpointInput<Endpoint>) => Promise<unknown>>();
  return new Proxy(
    {},
    {
      get(_, name) {
        // Not a thenable: awaiting the group, or inspecting it, must not look like a call.
        if (typeof name !== 'string' || name === 'then') return undefined;
        let call = calls.get(name);
        if (!call) {
          call = async (input) => callEndpoint(client, await endpointNamed(name), input);
          calls.set(name, call);
        }
        return call;
      },
    },
  );
}

/**
 * The typed API over a client: `api.tasks.get({ task: 'SWB-12' })`,
 * `api.tasks.move({ task: 'SWB-12', body: { version, statusId } })`. Paths and answers come from the
 * endpoint descriptors, so no caller writes either again.
 */
export function createTypedApi(client: ApiClient): TypedApi {
  const api: Record<string, unknown> = {
    raw: client,
    urlOf: (endpoint: Endpoint, input: Record<string, unknown>) => {
      const { params, query } = splitInput(input);
      return client.url(fillPath(endpoint.path, params), query);
    },
  };
  for (const [groupName, load] of Object.entries(endpointGroupLoaders)) {
    api[groupName] = lazyGroup(client, groupName, load);
  }
  return api as TypedApi;
}
