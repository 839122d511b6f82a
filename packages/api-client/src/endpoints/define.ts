import * as z from 'zod';
import type { ErrorCode } from '../errors';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an operation: `public` needs nobody, `member` any signed-in member of the active
 * organization (session or API key). Finer role rules are named by the FORBIDDEN code in `errors`.
 */
export type EndpointAccess = 'public' | 'member';

/** `/tasks/{task}/move` → 'task'. */
type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

export type PathParams<P extends string> = { [K in PathParamNames<P>]: string };

/**
 * One REST operation of the API: the single place its method, path, inputs, answers and error codes
 * are written. The server mounts and validates from it, the OpenAPI document is generated from it and
 * the web and the CLI call it through the typed client, so none of them writes a path or a shape again.
 */
export interface Endpoint<
  Path extends string = string,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: EndpointMethod;
  /** Under /api/v1, with `{name}` placeholders (OpenAPI style). */
  path: Path;
  summary: string;
  /** The OpenAPI tag that groups it. */
  tag: string;
  access: EndpointAccess;
  query: Query;
  body: Body;
  /** The JSON answer on success; undefined for a non-JSON answer (the event stream, the OpenAPI document). */
  response: Response;
  /** Status of the success answer. */
  status: 200 | 201 | 202;
  /** The error codes this operation may answer, besides those every member route can (see COMMON_ERRORS). */
  errors: readonly ErrorCode[];
  /** `text/event-stream` rather than JSON. */
  stream: boolean;
  /** Answers an ETag, and 304 Not Modified without a body to a request whose If-None-Match names it. */
  conditional: boolean;
}

/** What any authenticated route may answer whatever it does. */
export const COMMON_ERRORS = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'NO_ACTIVE_ORGANIZATION',
  'RATE_LIMITED',
  // A read or write past its caller's or organization's share of the server, or a render or check past
  // its share of the workers.
  'FAIR_SHARE_EXCEEDED',
  'INTERNAL_ERROR',
] as const satisfies readonly ErrorCode[];

interface EndpointSpec<
  Path extends string,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Response extends z.ZodType | undefined,
> {
  method: EndpointMethod;
  path: Path;
  summary: string;
  tag: string;
  /** @default 'member' */
  access?: EndpointAccess;
  query?: Query;
  body?: Body;
  response?: Response;
  /** @default 200 (201 for a POST that creates, set explicitly) */
  status?: 200 | 201 | 202;
  /** @default [] */
  errors?: readonly ErrorCode[];
  /** @default false */
  stream?: boolean;
  /** @default false */
  conditional?: boolean;
}

export function defineEndpoint<
  const Path extends string,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends z.ZodType | undefined = undefined,
>(spec: EndpointSpec<Path, Query, Body, Response>): Endpoint<Path, Query, Body, Response> {
  return {
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    tag: spec.tag,
    access: spec.access ?? 'member',
    query: spec.query as Query,
    body: spec.body as Body,
    response: spec.response as Response,
    status: spec.status ?? 200,
    errors: spec.errors ?? [],
    stream: spec.stream ?? false,
    conditional: spec.conditional ?? false,
  };
}

/**
 * How path parameters are named: `{thingId}` takes the thing's id and nothing else; `{thing}` takes a
 * reference, what people type as well as the id, and says which here.
 */
export const REFERENCE_PATH_PARAMS = {
  task: 'The task: its key (SWB-12, any case) or its id',
  workUnit: 'The work unit: its key (SWB-WU-3, any case) or its id',
  ruleSet: 'The rule set: its name (any case)',
  template: 'The template: its name',
  agent: 'The agent profile: its name (any case)',
} as const;

/** What a path parameter accepts, in words, by the naming rule above; undefined for a name it breaks. */
export function pathParamDescription(name: string): string | undefined {
  if (Object.hasOwn(REFERENCE_PATH_PARAMS, name)) {
    return REFERENCE_PATH_PARAMS[name as keyof typeof REFERENCE_PATH_PARAMS];
  }
  const thing = /^([a-z][A-Za-z]*)Id$/.exec(name)?.[1];
  return thing && `The ${thing.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)}'s id`;
}

/** The names of an endpoint's path parameters, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}

/** `/tasks/{task}` with `{ task: 'SWB-1' }` → `/tasks/SWB-1`, each value URI-encoded. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(value);
  });
}

/** `/tasks/{task}` → `/tasks/:task`, the router's syntax. */
export function routerPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** A list answer: `{ items }`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}
