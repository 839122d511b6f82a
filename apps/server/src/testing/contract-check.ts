import { allEndpoints, type Endpoint } from '@switchboard/api-client/endpoints';
import { ERROR_CODES, errorBodySchema, isErrorCode } from '@switchboard/api-client/errors';
import * as z from 'zod';

const API_PREFIX = '/api/v1';

/** Paths under /api/v1 that answer in someone else's format: better-auth's own, and MCP's JSON-RPC. */
const FOREIGN_PATHS = [/^\/auth(\/|$)/, /^\/mcp$/];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `/tasks/{task}/move` → /^\/tasks\/[^/]+\/move$/ */
function patternOf(path: string): RegExp {
  const pieces = path.split(/\{[^}]+\}/).map(escapeRegExp);
  return new RegExp(`^${pieces.join('[^/]+')}$`);
}

const routes = allEndpoints().map((endpoint) => ({ endpoint, pattern: patternOf(endpoint.path) }));

/** The endpoint that answers `method path` (path under /api/v1, as sent), if any describes it. */
export function endpointFor(method: string, path: string): Endpoint | undefined {
  const upper = method.toUpperCase();
  return routes.find(({ endpoint, pattern }) => endpoint.method === upper && pattern.test(path))?.endpoint;
}

/** What is wrong with an error answer: its shape, an unknown code, or a status its code does not have. */
function errorProblems(status: number, body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success)
    return `the error body does not match the error shape:\n${z.prettifyError(parsed.error)}`;
  const { code } = parsed.data.error;
  if (!isErrorCode(code)) return `error code ${code} is not in the registry`;
  if (ERROR_CODES[code].status !== status)
    return `error code ${code} belongs with ${ERROR_CODES[code].status}`;
  return undefined;
}

/** The JSON body, or undefined when the answer is not JSON at all. */
async function jsonOf(response: Response): Promise<{ body: unknown } | undefined> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return undefined;
  try {
    return { body: await response.clone().json() };
  } catch {
    return undefined;
  }
}

async function problemsOf(method: string, path: string, response: Response): Promise<string | undefined> {
  if (response.status === 304) {
    if (!endpointFor(method, path)?.conditional) return 'the endpoint does not answer 304';
    return response.headers.get('etag') ? undefined : 'a 304 names its ETag';
  }
  if (response.status < 200 || response.status >= 300) {
    const json = await jsonOf(response);
    return json ? errorProblems(response.status, json.body) : 'the error is not JSON';
  }
  const endpoint = endpointFor(method, path);
  if (!endpoint) return 'no endpoint descriptor describes this route';
  if (endpoint.stream || !endpoint.response) return undefined;
  if (response.status !== endpoint.status) return `the endpoint answers ${endpoint.status}`;
  const json = await jsonOf(response);
  if (!json) return 'the endpoint answers JSON';
  const parsed = endpoint.response.safeParse(json.body);
  if (!parsed.success)
    return `the body does not match the response schema:\n${z.prettifyError(parsed.error)}`;
  return undefined;
}

/**
 * Holds an answer of our REST API to its endpoint descriptor: a success must parse with the endpoint's
 * response schema, an error must be the one error shape with a registry code. Throws on any drift, so
 * every API test that touches a route also tests its contract.
 */
export async function checkAgainstContract(method: string, url: URL, response: Response): Promise<void> {
  if (method.toUpperCase() === 'HEAD' || !url.pathname.startsWith(`${API_PREFIX}/`)) return;
  const path = url.pathname.slice(API_PREFIX.length);
  if (FOREIGN_PATHS.some((pattern) => pattern.test(path))) return;
  const problem = await problemsOf(method, path, response);
  if (problem) {
    throw new Error(
      `${method.toUpperCase()} ${url.pathname} answered ${response.status} off the contract: ${problem}`,
    );
  }
}
