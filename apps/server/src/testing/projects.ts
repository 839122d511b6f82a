import type { Person } from './auth-agent';
import type { TestServer } from './harness';
import { addMember, sessionOf } from './organizations';

// Loose on purpose: tests assert on the JSON they got back.
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
export type Json = any;

export interface Reply {
  status: number;
  body: Json;
}

/** One JSON call as `person` (cookie session, same-origin Origin), answering status and parsed body. */
export async function send(
  server: TestServer,
  person: Person,
  method: string,
  path: string,
  body?: unknown,
): Promise<Reply> {
  const headers: Record<string, string> = { origin: server.url };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await person.raw(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Calls bound to one server: `const call = caller(server); await call(ada, 'GET', '/api/v1/projects')`. */
export const caller =
  (server: TestServer) =>
  (person: Person, method: string, path: string, body?: unknown): Promise<Reply> =>
    send(server, person, method, path, body);

/** Creates a project and answers its id with its statuses by category. */
export async function createProject(server: TestServer, person: Person, key: string) {
  const created = await send(server, person, 'POST', '/api/v1/projects', { name: `Project ${key}`, key });
  if (created.status !== 201)
    throw new Error(`project ${key}: ${created.status} ${JSON.stringify(created.body)}`);
  const statuses = await send(server, person, 'GET', `/api/v1/projects/${created.body.id}/statuses`);
  const byCategory = (category: string): string => {
    const status = statuses.body.items.find((item: { category: string }) => item.category === category);
    if (!status) throw new Error(`no ${category} status`);
    return status.id;
  };
  return {
    id: created.body.id as string,
    key,
    todo: byCategory('todo'),
    inProgress: byCategory('in_progress'),
    review: byCategory('review'),
    done: byCategory('done'),
  };
}
export type TestProject = Awaited<ReturnType<typeof createProject>>;

/** Creates a task in `project` as `person` and answers it; any answer but 201 fails, naming it. */
export async function createTask(
  server: TestServer,
  person: Person,
  project: { id: string },
  title: string,
  extra: Record<string, unknown> = {},
): Promise<Json> {
  const created = await send(server, person, 'POST', `/api/v1/projects/${project.id}/tasks`, {
    title,
    ...extra,
  });
  if (created.status !== 201)
    throw new Error(`task "${title}": ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

/** Brings `person` into `owner`'s active organization as `role` and makes it their active one. */
export async function joinOrganizationOf(owner: Person, person: Person, role = 'member'): Promise<string> {
  const organizationId = (await sessionOf(owner))?.session.activeOrganizationId;
  if (!organizationId) throw new Error('the owner has no active organization');
  await addMember(owner, organizationId, person, role);
  const active = await person.auth('post', '/organization/set-active', { organizationId });
  if (active.status !== 200) throw new Error(`set-active answered ${active.status}`);
  return organizationId;
}
