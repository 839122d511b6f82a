import type { Person } from './auth-agent';
import type { TestServer } from './harness';
import { type Json, type Reply, send } from './projects';

/** Creates an agent profile in `person`'s active organization (they must be an owner or admin there). */
export async function createAgentProfile(
  server: TestServer,
  person: Person,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<Json> {
  const created = await send(server, person, 'POST', '/api/v1/agents', { name, ...extra });
  if (created.status !== 201)
    throw new Error(`agent profile ${name}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

export interface CreatedApiKey {
  id: string;
  /** The secret, shown only in this answer. */
  key: string;
  name: string;
  start: string;
  prefix: string;
  expiresAt: string | null;
  metadata: { organizationId: string; agentName?: string };
  rateLimitMax: number;
  rateLimitTimeWindow: number;
}

export interface ApiKeyRequest {
  name: string;
  agentName?: string;
  /** Seconds. */
  expiresIn?: number;
  organizationId?: string;
}

/** The raw answer of better-auth's POST /api-key/create, as `person`. */
export async function requestApiKey(person: Person, request: ApiKeyRequest): Promise<Reply> {
  const { agentName, ...rest } = request;
  const answer = await person.auth<Json>('post', '/api-key/create', {
    ...rest,
    ...(agentName === undefined ? {} : { metadata: { agentName } }),
  });
  return { status: answer.status, body: answer.body };
}

/** Creates an API key in `person`'s active organization, optionally acting as an agent profile. */
export async function createApiKey(person: Person, request: ApiKeyRequest): Promise<CreatedApiKey> {
  const answer = await requestApiKey(person, request);
  if (answer.status !== 200)
    throw new Error(`api key ${request.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export type KeyHeader = 'x-api-key' | 'bearer';

/** One JSON call made with an API key (no cookie, no Origin: as a CLI agent would). */
export async function sendWithKey(
  server: TestServer,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  header: KeyHeader = 'x-api-key',
): Promise<Reply & { headers: Headers }> {
  const headers: Record<string, string> =
    header === 'x-api-key' ? { 'x-api-key': key } : { authorization: `Bearer ${key}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await server.fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}
