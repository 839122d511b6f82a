import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../events/bus';
import { type Person, signUp } from '../../testing/auth-agent';
import { type CountingDatabase, countingDatabase } from '../../testing/counting-database';
import { startTestServer, type TestServer } from '../../testing/harness';
import { sessionOf } from '../../testing/organizations';
import { caller, createProject, type Json, type TestProject } from '../../testing/projects';
import { domainServicesOn } from '../../testing/services';
import type { ActingContext } from '../actor';
import { bulkChangeTasks } from './bulk';
import { updateTask } from './tasks';

// Dialect-sensitive: round trips are counted at the driver, and the two drivers differ.

let server: TestServer;
let call: ReturnType<typeof caller>;
let owner: Person;
let swb: TestProject;
let context: ActingContext;
let counting: CountingDatabase;
let bug: Json;

beforeAll(async () => {
  server = await startTestServer();
  call = caller(server);
  owner = await signUp(server, 'Olive Owner');
  swb = await createProject(server, owner, 'SWB');
  const organizationId = (await sessionOf(owner))?.session.activeOrganizationId;
  if (!organizationId) throw new Error('the owner has no active organization');
  context = { organizationId, actor: { type: 'user', id: owner.user.id, name: owner.user.name } };
  counting = countingDatabase(server.server.database);
  bug = (await call(owner, 'POST', '/api/v1/labels', { name: 'Bug', color: '#e5484d' })).body;
});

afterAll(async () => {
  await server?.close();
});

async function createTask(title: string): Promise<Json> {
  const created = await call(owner, 'POST', `/api/v1/projects/${swb.id}/tasks`, {
    title,
    assigneeUserId: owner.user.id,
    labelIds: [bug.id],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** The statements that read what a task shows from other tables: its labels and its assignee's name. */
function readsOfLabelsAndNames(statements: string[]) {
  return {
    labels: statements.filter((text) => /(from|join) "task_label"/.test(text)),
    names: statements.filter((text) => /(from|join) "member"/.test(text)),
  };
}

const labelled = { labels: [{ id: expect.any(String), name: 'Bug', color: '#e5484d' }] };
const named = { assigneeUser: { id: expect.any(String), name: 'Olive Owner', image: null } };

describe('what a task shows from other tables', () => {
  it('costs a single task update one round trip for its labels and its assignee together', async () => {
    const task = await createTask('Count the statements');
    const bus = createMemoryBus();
    const events: Json[] = [];
    bus.subscribe(context.organizationId, (event) => void events.push(event));
    counting.clear();
    const updated = await updateTask(domainServicesOn(counting.db, { bus }), context, task.id, {
      version: task.version,
      title: 'Counted',
    });
    const reads = readsOfLabelsAndNames(counting.statements);
    expect(updated).toMatchObject({ title: 'Counted', ...labelled, ...named });
    expect(events.map((event) => event.data.task)).toEqual([
      expect.objectContaining({ ...labelled, ...named }),
    ]);
    expect(reads.labels).toHaveLength(1);
    expect(reads.names).toEqual(reads.labels);
  });

  it('costs a bulk change one round trip for every task it answers, unchanged ones included', async () => {
    const first = await createTask('First of many');
    const second = await createTask('Second of many');
    const moved = await call(owner, 'POST', `/api/v1/tasks/${second.id}/move`, {
      version: second.version,
      statusId: swb.inProgress,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    counting.clear();
    const result = await bulkChangeTasks(domainServicesOn(counting.db), context, swb.id, {
      taskIds: [first.id, second.id],
      action: { type: 'move', statusId: swb.inProgress },
    });
    const reads = readsOfLabelsAndNames(counting.statements);
    expect(result.changed).toBe(1);
    expect(result.items).toEqual([
      expect.objectContaining({ id: first.id, ...labelled, ...named }),
      expect.objectContaining({ id: second.id, ...labelled, ...named }),
    ]);
    expect(reads.labels).toHaveLength(1);
    expect(reads.names).toEqual(reads.labels);
  });
});
