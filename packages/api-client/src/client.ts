import type { z } from 'zod';
import { ApiError, retryAfterSecondsOf } from './errors';
import { API_BASE_PATH } from './paths';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryScalar = string | number | boolean;
/** Query parameters; undefined and null are left out, arrays repeat the key (`?tag=a&tag=b`). */
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[] | null | undefined>;

export interface ApiClientOptions {
  /** The backend endpoint setting (API_URL), e.g. `http://localhost:3000`. Must be an absolute http(s) URL. */
  baseUrl: string;
  /** Path of the REST API under baseUrl. @default '/api/v1' */
  basePath?: string;
  /** Headers sent with every request. @default {} */
  headers?: Record<string, string>;
  /** Sent as the `x-api-key` header when set. @default undefined */
  apiKey?: string;
  /** The fetch to call; tests and the CLI may pass their own. @default globalThis.fetch */
  fetch?: ApiFetch;
  /** Cookie policy: browsers send the session cookie to the API host. @default 'include' */
  credentials?: RequestInit['credentials'];
}

/** What the client hands its fetch: a RequestInit every fetch accepts, headers named in lower case. */
export interface ApiFetchInit {
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestInit['credentials'];
  signal: AbortSignal | undefined;
}

/** The part of a fetch Response the client reads. */
export interface ApiFetchResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/**
 * How the client sends a request: globalThis.fetch fits, and so does a transport of the caller's own
 * (the CLI's over node:http, which spares a short-lived process loading Node's fetch).
 */
export type ApiFetch = (url: string, init: ApiFetchInit) => Promise<ApiFetchResponse>;

export interface RequestOptions {
  /** Serialised as JSON. Leave undefined for no body. */
  body?: unknown;
  query?: QueryParams;
  /** Per-request headers; they win over the client's. */
  headers?: Record<string, string>;
  /** Aborting rejects with the abort reason, not with an ApiError. */
  signal?: AbortSignal;
}

export interface ValidatedRequestOptions<S extends z.ZodType> extends RequestOptions {
  /** The response body is parsed with this schema; a mismatch throws ApiError 'Invalid Response'. */
  schema: S;
}

export interface ApiClient {
  /** The absolute URL a path resolves to, with query parameters; for EventSource, links and config. */
  url(path: string, query?: QueryParams): string;
  request<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    options: ValidatedRequestOptions<S>,
  ): Promise<z.output<S>>;
  request(method: HttpMethod, path: string, options?: RequestOptions): Promise<unknown>;
  get<S extends z.ZodType>(path: string, options: ValidatedRequestOptions<S>): Promise<z.output<S>>;
  get(path: string, options?: RequestOptions): Promise<unknown>;
  post<S extends z.ZodType>(path: string, options: ValidatedRequestOptions<S>): Promise<z.output<S>>;
  post(path: string, options?: RequestOptions): Promise<unknown>;
  put<S extends z.ZodType>(path: string, options: ValidatedRequestOptions<S>): Promise<z.output<S>>;
  put(path: string, options?: RequestOptions): Promise<unknown>;
  patch<S extends z.ZodType>(path: string, options: ValidatedRequestOptions<S>): Promise<z.output<S>>;
  patch(path: string, options?: RequestOptions): Promise<unknown>;
  delete<S extends z.ZodType>(path: string, options: ValidatedRequestOptions<S>): Promise<z.output<S>>;
  delete(path: string, options?: RequestOptions): Promise<unknown>;
  /**
   * A client whose paths are prefixed with `name`, sharing this client's settings:
   * `client.namespace('projects').get('/abc')` requests `/api/v1/projects/abc`.
   * Segments are used as given; encode ids with encodeURIComponent.
   */
  namespace(name: string): ApiClient;
}

/** Status and text reported for a request that never got an HTTP response (one error type for callers). */
export const FETCH_ERROR_STATUS = 500;
export const FETCH_ERROR_STATUS_TEXT = 'Fetch Error';
/** Reported when an ok response does not match the schema the caller expects. */
export const INVALID_RESPONSE_STATUS_TEXT = 'Invalid Response';

interface ResolvedSettings {
  root: string;
  /** By lower-case name. */
  headers: Record<string, string>;
  fetch: ApiFetch;
  credentials: RequestInit['credentials'];
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const settings: ResolvedSettings = {
    root: parseBaseUrl(options.baseUrl) + normalisePrefix(options.basePath ?? API_BASE_PATH),
    headers: withHeaders({}, options.headers),
    // Bound late so a test or polyfill replacing globalThis.fetch is honoured, and so browsers never
    // see fetch called with a foreign `this` ("Illegal invocation").
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    credentials: options.credentials ?? 'include',
  };
  if (options.apiKey !== undefined) settings.headers['x-api-key'] = options.apiKey;
  return buildClient(settings, '');
}

/**
 * `headers` with `added` set over them, every name in lower case as HTTP header names are
 * case-insensitive: a plain record rather than the Fetch API's Headers, whose first use makes Node
 * load its whole fetch implementation.
 */
function withHeaders(
  headers: Record<string, string>,
  added: Record<string, string> = {},
): Record<string, string> {
  const result = { ...headers };
  for (const [name, value] of Object.entries(added)) result[name.toLowerCase()] = value;
  return result;
}

function parseBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error('Invalid base URL');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new Error('Invalid base URL');
  }
  // Search and hash of a base URL carry no meaning for API paths; keep origin and path only.
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** '' or '/a/b' without a trailing slash. */
function normalisePrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}

function joinPath(path: string): string {
  if (path === '' || path === '/') return '';
  return path.startsWith('/') ? path : `/${path}`;
}

function buildUrl(root: string, path: string, query: QueryParams | undefined): string {
  const url = new URL(root + joinPath(path));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const item of values) url.searchParams.append(key, String(item));
  }
  return url.toString();
}

function buildClient(settings: ResolvedSettings, prefix: string): ApiClient {
  const root = settings.root + prefix;

  async function request(
    method: HttpMethod,
    path: string,
    options: RequestOptions & { schema?: z.ZodType } = {},
  ): Promise<unknown> {
    const url = buildUrl(root, path, options.query);
    const hasBody = options.body !== undefined;
    const headers = withHeaders(
      withHeaders(settings.headers, {
        accept: 'application/json',
        ...(hasBody && { 'content-type': 'application/json' }),
      }),
      options.headers,
    );

    let response: ApiFetchResponse;
    try {
      response = await settings.fetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        credentials: settings.credentials,
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError({
        status: FETCH_ERROR_STATUS,
        statusText: FETCH_ERROR_STATUS_TEXT,
        message: `Could not reach ${url}: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      });
    }

    const body = await readBody(response, url, options.signal);
    if (!response.ok) {
      const retryAfterSeconds = retryAfterSecondsOf(response.headers.get('retry-after'));
      throw new ApiError({
        status: response.status,
        statusText: response.statusText,
        body: body.value,
        ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
      });
    }
    if (body.invalidJson) {
      throw new ApiError({
        status: FETCH_ERROR_STATUS,
        statusText: INVALID_RESPONSE_STATUS_TEXT,
        body: body.value,
        message: `${method} ${url} answered with malformed JSON`,
      });
    }
    if (options.schema === undefined) return body.value;
    const parsed = await options.schema.safeParseAsync(body.value);
    if (!parsed.success) {
      throw new ApiError({
        status: FETCH_ERROR_STATUS,
        statusText: INVALID_RESPONSE_STATUS_TEXT,
        body: body.value,
        message: `${method} ${url} answered with an unexpected body: ${parsed.error.message}`,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  // The overloads live on the ApiClient interface; these bodies share one untyped implementation.
  const client = {
    url: (path: string, query?: QueryParams) => buildUrl(root, path, query),
    request,
    get: (path: string, options?: RequestOptions) => request('GET', path, options),
    post: (path: string, options?: RequestOptions) => request('POST', path, options),
    put: (path: string, options?: RequestOptions) => request('PUT', path, options),
    patch: (path: string, options?: RequestOptions) => request('PATCH', path, options),
    delete: (path: string, options?: RequestOptions) => request('DELETE', path, options),
    namespace: (name: string) => buildClient(settings, prefix + normalisePrefix(name)),
  };
  return client as ApiClient;
}

interface ReadBody {
  value: unknown;
  invalidJson: boolean;
}

/** JSON when the response says so, else text; an empty body is undefined. */
async function readBody(
  response: ApiFetchResponse,
  url: string,
  signal: AbortSignal | undefined,
): Promise<ReadBody> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    // The connection broke mid-body: for the caller that is a failed fetch.
    throw new ApiError({
      status: FETCH_ERROR_STATUS,
      statusText: FETCH_ERROR_STATUS_TEXT,
      message: `The response from ${url} was cut off`,
      cause: error,
    });
  }
  if (text === '') return { value: undefined, invalidJson: false };
  const contentType = response.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(contentType.trim())) return { value: text, invalidJson: false };
  try {
    return { value: JSON.parse(text) as unknown, invalidJson: false };
  } catch {
    return { value: text, invalidJson: true };
  }
}
