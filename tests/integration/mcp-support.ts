import { randomBytes } from 'node:crypto';
import type { TestServer } from '@switchboard/server/testing';

/**
 * Sets up what an agent needs over plain HTTP, as a person would through the dashboard: sign up (a
 * personal organization), a project, agent profiles, one API key per agent. Used by the MCP
 * integration tests and benchmarks against a server in this process or a spawned one.
 */

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the callers' assertions
export type Json = any;

export interface Reply {
  status: number;
  body: Json;
}

/** One JSON call with a bearer token (a session token or an API key), no cookie, no Origin. */
export async function api(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function must(reply: Promise<Reply>, what: string): Promise<Json> {
  const answer = await reply;
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export interface AgentWorkspace {
  /** The person's session token (bearer). */
  token: string;
  userName: string;
  project: { id: string; key: string; statuses: Record<string, string> };
  /** API keys by agent name. */
  keys: Record<string, string>;
}

export async function agentWorkspace(
  baseUrl: string,
  options: { person?: string; projectKey: string; agents: readonly string[] },
): Promise<AgentWorkspace> {
  const userName = options.person ?? 'Ada';
  const email = `${userName.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
  const signUp = await fetch(new URL('/api/v1/auth/sign-up/email', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ name: userName, email, password: 'correct horse battery staple' }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const token = (await signUp.json()).token as string;
  // Keys are made the way the dashboard makes them: with the browser's session cookie and our Origin.
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const createKey = async (name: string) => {
    const response = await fetch(new URL('/api/v1/auth/api-key/create', baseUrl), {
      method: 'POST',
      headers: { cookie, origin: new URL(baseUrl).origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `${name} key`, metadata: { agentName: name } }),
    });
    if (!response.ok) throw new Error(`key for ${name}: ${response.status} ${await response.text()}`);
    return (await response.json()).key as string;
  };
  const project = await must(
    api(baseUrl, token, 'POST', '/api/v1/projects', {
      name: `Project ${options.projectKey}`,
      key: options.projectKey,
    }),
    'create project',
  );
  const statuses = await must(
    api(baseUrl, token, 'GET', `/api/v1/projects/${project.id}/statuses`),
    'statuses',
  );
  const keys: Record<string, string> = {};
  for (const name of options.agents) {
    await must(api(baseUrl, token, 'POST', '/api/v1/agents', { name }), `agent ${name}`);
    keys[name] = await createKey(name);
  }
  return {
    token,
    userName,
    project: {
      id: project.id,
      key: project.key,
      statuses: Object.fromEntries(statuses.items.map((status: Json) => [status.name, status.id])),
    },
    keys,
  };
}

export function keyFor(space: AgentWorkspace, agent: string): string {
  const key = space.keys[agent];
  if (!key) throw new Error(`no key for ${agent}`);
  return key;
}

/**
 * Benchmarks only: switches off the per-key rate limit (600 requests a minute) of every key on an
 * in-process test server, which would otherwise cap a tight loop rather than measure it.
 */
export async function unthrottleKeys(server: TestServer): Promise<void> {
  const client = (
    server.server.database.db as unknown as { $client: { query(sql: string): Promise<unknown> } }
  ).$client;
  await client.query('update apikey set rate_limit_enabled = false');
}
