import { describe, expect, it } from 'vitest';
import { sendWithKey } from '../testing/agents';
import { useOrganizationFixture, WRITER_ROLES } from '../testing/organization-fixture';
import { createProject, type Json, type TestProject } from '../testing/projects';
import { readSse, type SseMessage } from '../testing/sse';

// Dialect-sensitive: status changes lock the project row and renumber positions; ordering under the
// cluster's collation and overlapping writers differ on PostgreSQL.

const fixture = useOrganizationFixture({ agentKey: true });
const { call } = fixture;

const statusesPath = (project: TestProject) => `/api/v1/projects/${project.id}/statuses`;

async function statusNames(project: TestProject): Promise<string[]> {
  const listed = await call(fixture.owner, 'GET', statusesPath(project));
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.items.map((item: Json) => `${item.position}:${item.name}`);
}

async function addStatus(project: TestProject, body: Json): Promise<Json> {
  const created = await call(fixture.owner, 'POST', statusesPath(project), body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function addTask(project: TestProject, statusId: string, title: string): Promise<Json> {
  const created = await call(fixture.owner, 'POST', `/api/v1/projects/${project.id}/tasks`, {
    title,
    statusId,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

let keys = 0;
/** A fresh project per test, so each starts from the four built-in statuses. */
const freshProject = () => createProject(fixture.server, fixture.owner, `WF${'ABCDEFGHIJ'[keys++ % 10]}`);

describe('workflow statuses', () => {
  it.each(WRITER_ROLES)('%s adds, renames, recolours, reorders and deletes a status', async (role) => {
    const project = await createProject(fixture.server, fixture.owner, role === 'owner' ? 'WFOWN' : 'WFADM');
    const person = fixture[role];
    const read = await call(person, 'GET', statusesPath(project));
    expect(read.status).toBe(200);
    expect(read.body.items.map((item: Json) => item.name)).toEqual(['Todo', 'In Progress', 'Review', 'Done']);
    const created = await call(person, 'POST', statusesPath(project), {
      name: ' QA ',
      category: 'review',
      color: '#8E4EC6',
      position: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'QA', category: 'review', color: '#8e4ec6', position: 2 });
    expect(await statusNames(project)).toEqual(['0:Todo', '1:In Progress', '2:QA', '3:Review', '4:Done']);

    const id = created.body.id;
    const changed = await call(person, 'PATCH', `${statusesPath(project)}/${id}`, {
      name: 'Testing',
      color: '#30a46c',
      position: 0,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Testing', color: '#30a46c', position: 0 });
    expect(await statusNames(project)).toEqual([
      '0:Testing',
      '1:Todo',
      '2:In Progress',
      '3:Review',
      '4:Done',
    ]);

    const last = await call(person, 'PATCH', `${statusesPath(project)}/${id}`, { position: 99 });
    expect(last.body.position).toBe(4);

    const deleted = await call(person, 'DELETE', `${statusesPath(project)}/${id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ deleted: { id, name: 'Testing' }, movedTasks: 0, movedTo: null });
    expect(await statusNames(project)).toEqual(['0:Todo', '1:In Progress', '2:Review', '3:Done']);

    const activity = await call(fixture.owner, 'GET', `/api/v1/activity?entityId=${id}`);
    expect(activity.body.items.map((item: Json) => item.action)).toEqual([
      'task_status.deleted',
      'task_status.updated',
      'task_status.updated',
      'task_status.created',
    ]);
    expect(activity.body.items.map((item: Json) => item.summary)).toContain(
      `changed status QA of ${project.key}: renamed to Testing, recoloured, moved to column 1`,
    );
  });

  it('lets members and agents read the statuses but not change them', async () => {
    const { member, server, agentKey, project } = fixture;
    expect((await call(member, 'GET', statusesPath(project))).status).toBe(200);
    const asKey = await sendWithKey(server, agentKey, 'GET', statusesPath(project));
    expect(asKey.status).toBe(200);
    const attempts: [string, string, Json?][] = [
      ['POST', statusesPath(project), { name: 'Mine', category: 'todo' }],
      ['PATCH', `${statusesPath(project)}/${project.todo}`, { name: 'Mine' }],
      ['DELETE', `${statusesPath(project)}/${project.todo}`],
    ];
    for (const [method, path, body] of attempts) {
      const byMember = await call(member, method, path, body);
      expect(byMember.status, `${method} member`).toBe(403);
      expect(byMember.body.error.code).toBe('FORBIDDEN');
      const byAgent = await sendWithKey(server, agentKey, method, path, body);
      expect(byAgent.status, `${method} agent`).toBe(403);
    }
    expect(await statusNames(project)).toEqual(['0:Todo', '1:In Progress', '2:Review', '3:Done']);
  });

  it("answers 404 for another organization's project or status, never 403", async () => {
    const { outsider, project, outsiderProject } = fixture;
    const attempts: [string, string, Json, string][] = [
      ['GET', statusesPath(project), undefined, 'PROJECT_NOT_FOUND'],
      ['POST', statusesPath(project), { name: 'Theirs', category: 'todo' }, 'PROJECT_NOT_FOUND'],
      ['PATCH', `${statusesPath(project)}/${project.todo}`, { name: 'Theirs' }, 'PROJECT_NOT_FOUND'],
      ['DELETE', `${statusesPath(project)}/${project.todo}`, undefined, 'PROJECT_NOT_FOUND'],
      // Their own project with this organization's status id: not a status of it.
      ['PATCH', `${statusesPath(outsiderProject)}/${project.todo}`, { name: 'X' }, 'STATUS_NOT_FOUND'],
      ['DELETE', `${statusesPath(outsiderProject)}/${project.todo}`, undefined, 'STATUS_NOT_FOUND'],
    ];
    for (const [method, path, body, code] of attempts) {
      const answer = await call(outsider, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.code).toBe(code);
    }
    // Nor may a task of theirs be moved into this organization's status on delete.
    const mine = await freshProject();
    const extra = await addStatus(mine, { name: 'Later', category: 'todo' });
    const moved = await call(
      fixture.owner,
      'DELETE',
      `${statusesPath(mine)}/${extra.id}?moveTo=${outsiderProject.todo}`,
    );
    expect(moved.status).toBe(404);
    expect(moved.body.error.code).toBe('STATUS_NOT_FOUND');
  });

  it("streams the workflow's changes to every member, never to another organization", async () => {
    const project = await freshProject();
    const { member, outsider, outsiderProject } = fixture;
    const open = async (person: typeof member) => {
      const stream = readSse(await person.raw('/api/v1/events'));
      await stream.next((message) => message.event === 'ready');
      return stream;
    };
    const [theirs, outside] = await Promise.all([open(member), open(outsider)]);
    const change = (action: string) => (message: SseMessage) =>
      message.event === 'change' && JSON.parse(message.data).action === action;
    try {
      const created = await addStatus(project, { name: 'Shipped', category: 'done' });
      await call(fixture.owner, 'PATCH', `${statusesPath(project)}/${created.id}`, { position: 0 });
      await call(fixture.owner, 'DELETE', `${statusesPath(project)}/${created.id}`);
      for (const action of ['task_status.created', 'task_status.updated', 'task_status.deleted']) {
        const event = JSON.parse((await theirs.next(change(action))).data);
        expect(event).toMatchObject({ projectId: project.id, entityId: created.id, entity: 'task_status' });
      }
      // The outsider's next change is their own, so nothing of this organization came before it.
      await call(outsider, 'POST', statusesPath(outsiderProject), { name: 'Theirs', category: 'todo' });
      const first = JSON.parse((await outside.next((message) => message.event === 'change')).data);
      expect(first).toMatchObject({ action: 'task_status.created', projectId: outsiderProject.id });
    } finally {
      await Promise.all([theirs.close(), outside.close()]);
    }
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const project = await freshProject();
    const { owner } = fixture;
    const cases: [Json, number, string][] = [
      [{ name: '  ', category: 'todo' }, 400, 'name: is required'],
      [{ name: 'x'.repeat(31), category: 'todo' }, 400, 'name: must be at most 30 characters'],
      [{ name: 'Odd', category: 'blocked' }, 400, 'category'],
      [{ name: 'Odd', category: 'todo', color: 'red' }, 400, 'color: must be a colour'],
      [{ name: 'Odd', category: 'todo', position: -1 }, 400, 'position'],
      [{ name: 'tODO', category: 'todo' }, 409, 'Another status in this project is named "Todo"'],
    ];
    for (const [body, status, words] of cases) {
      const answer = await call(owner, 'POST', statusesPath(project), body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error.message).toContain(words);
    }
    const rename = await call(owner, 'PATCH', `${statusesPath(project)}/${project.todo}`, { name: 'done' });
    expect(rename.status).toBe(409);
    expect(rename.body.error.code).toBe('STATUS_NAME_TAKEN');
    // Its own name in another case is a rename, not a clash.
    const recased = await call(owner, 'PATCH', `${statusesPath(project)}/${project.todo}`, { name: 'TODO' });
    expect(recased.body.name).toBe('TODO');
    expect(await statusNames(project)).toEqual(['0:TODO', '1:In Progress', '2:Review', '3:Done']);
  });

  it('keeps at least one status in each category', async () => {
    const project = await freshProject();
    const { owner } = fixture;
    const deleted = await call(owner, 'DELETE', `${statusesPath(project)}/${project.review}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.code).toBe('STATUS_CATEGORY_LAST');
    expect(deleted.body.error.message).toContain("Review: it is the project's only review status");
    const recategorised = await call(owner, 'PATCH', `${statusesPath(project)}/${project.done}`, {
      category: 'review',
    });
    expect(recategorised.status).toBe(409);
    expect(recategorised.body.error.code).toBe('STATUS_CATEGORY_LAST');

    // With a second review status, the first may go.
    await addStatus(project, { name: 'QA', category: 'review' });
    expect((await call(owner, 'DELETE', `${statusesPath(project)}/${project.review}`)).status).toBe(200);
    expect(await statusNames(project)).toEqual(['0:Todo', '1:In Progress', '2:Done', '3:QA']);
  });

  it('moves the tasks of a deleted status through the mover, and needs to be told where', async () => {
    const project = await freshProject();
    const { owner } = fixture;
    const qa = await addStatus(project, { name: 'QA', category: 'review' });
    const first = await addTask(project, qa.id, 'First');
    const second = await addTask(project, qa.id, 'Second');

    const unsaid = await call(owner, 'DELETE', `${statusesPath(project)}/${qa.id}`);
    expect(unsaid.status).toBe(422);
    expect(unsaid.body.error.code).toBe('STATUS_MOVE_TO_REQUIRED');
    expect(unsaid.body.error.message).toContain('QA still has 2 tasks');
    const itself = await call(owner, 'DELETE', `${statusesPath(project)}/${qa.id}?moveTo=${qa.id}`);
    expect(itself.status).toBe(400);
    expect(itself.body.error.message).toContain('moveTo');
    expect(await statusNames(project)).toContain('4:QA');

    const deleted = await call(owner, 'DELETE', `${statusesPath(project)}/${qa.id}?moveTo=${project.done}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ movedTasks: 2, movedTo: project.done });
    for (const moved of [first, second]) {
      const read = await call(owner, 'GET', `/api/v1/tasks/${moved.key}`);
      expect(read.body.statusId).toBe(project.done);
      const activity = await call(owner, 'GET', `/api/v1/activity?entityId=${moved.id}`);
      expect(activity.body.items[0]).toMatchObject({
        action: 'task.moved',
        summary: `moved ${moved.key} from QA to Done`,
      });
    }
    const board = await call(owner, 'GET', `/api/v1/projects/${project.id}/tasks?statusId=${project.done}`);
    expect(board.body.items.map((item: Json) => item.key)).toEqual([first.key, second.key]);
  });

  it('caps the statuses of a project', async () => {
    const project = await freshProject();
    for (let index = 4; index < 20; index++) {
      await addStatus(project, { name: `Step ${index}`, category: 'in_progress' });
    }
    const over = await call(fixture.owner, 'POST', statusesPath(project), {
      name: 'One more',
      category: 'todo',
    });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('STATUS_LIMIT_REACHED');
  });
});
