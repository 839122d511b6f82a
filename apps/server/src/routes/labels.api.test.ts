import { LABELS_PER_ORGANIZATION } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { label } from '../db/schema';
import { type Person, signUp } from '../testing/auth-agent';
import { useOrganizationFixture, WRITER_ROLES } from '../testing/organization-fixture';
import { sessionOf } from '../testing/organizations';
import { createProject, type Json, type TestProject } from '../testing/projects';

const fixture = useOrganizationFixture();
const { call } = fixture;

async function createLabel(person: Person, name: string, color = '#e5484d'): Promise<Json> {
  const created = await call(person, 'POST', '/api/v1/labels', { name, color });
  if (created.status !== 201)
    throw new Error(`label ${name}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

async function createTask(person: Person, project: TestProject, body: Json): Promise<Json> {
  const created = await call(person, 'POST', `/api/v1/projects/${project.id}/tasks`, body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function taskKeys(person: Person, project: TestProject, query: string): Promise<string[]> {
  const listed = await call(person, 'GET', `/api/v1/projects/${project.id}/tasks?${query}`);
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.items.map((item: Json) => item.key);
}

describe('labels', () => {
  it.each(WRITER_ROLES)('%s creates, reads, renames, recolours and deletes a label', async (role) => {
    const { owner, member, [role]: person } = fixture;
    const created = await call(person, 'POST', '/api/v1/labels', { name: `${role} Bug`, color: '#E5484D' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: `${role} Bug`, color: '#e5484d', version: 1 });
    const id = created.body.id;

    const read = await call(person, 'GET', `/api/v1/labels/${id}`);
    expect(read.body).toEqual(created.body);
    const listed = await call(member, 'GET', '/api/v1/labels');
    expect(listed.body.items.map((item: Json) => item.id)).toContain(id);

    const renamed = await call(person, 'PATCH', `/api/v1/labels/${id}`, {
      version: 1,
      name: `${role} Defect`,
      color: '#30a46c',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: `${role} Defect`, color: '#30a46c', version: 2 });

    const stale = await call(person, 'PATCH', `/api/v1/labels/${id}`, { version: 1, name: 'Late' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('VERSION_CONFLICT');

    const deleted = await call(person, 'DELETE', `/api/v1/labels/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toEqual({ id, name: `${role} Defect`, tasks: 0 });
    expect((await call(person, 'GET', `/api/v1/labels/${id}`)).status).toBe(404);

    const activity = await call(owner, 'GET', `/api/v1/activity?entityId=${id}`);
    expect(activity.body.items.map((item: Json) => item.summary)).toEqual([
      `deleted label ${role} Defect`,
      `renamed label ${role} Bug to ${role} Defect and recoloured it`,
      `created label ${role} Bug`,
    ]);
    expect(activity.body.items.map((item: Json) => item.action)).toEqual([
      'label.deleted',
      'label.updated',
      'label.created',
    ]);
  });

  it('lets a member read labels but not create, change or delete them', async () => {
    const { owner, member } = fixture;
    const label = await createLabel(owner, 'Members read');
    expect((await call(member, 'GET', `/api/v1/labels/${label.id}`)).status).toBe(200);
    const created = await call(member, 'POST', '/api/v1/labels', { name: 'Mine' });
    expect(created.status).toBe(403);
    expect(created.body.error.code).toBe('FORBIDDEN');
    expect(
      (await call(member, 'PATCH', `/api/v1/labels/${label.id}`, { version: 1, name: 'X' })).status,
    ).toBe(403);
    expect((await call(member, 'DELETE', `/api/v1/labels/${label.id}`)).status).toBe(403);
  });

  it("answers 404 for another organization's label, never 403, and lists only its own", async () => {
    const { owner, outsider } = fixture;
    const label = await createLabel(owner, 'Private');
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { version: 1, name: 'Taken over' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await call(outsider, method, `/api/v1/labels/${label.id}`, body);
      expect(answer.status, method).toBe(404);
      expect(answer.body.error.code).toBe('LABEL_NOT_FOUND');
    }
    const listed = await call(outsider, 'GET', '/api/v1/labels');
    expect(listed.body.items.map((item: Json) => item.id)).not.toContain(label.id);
    // The same name is free in another organization.
    expect((await call(outsider, 'POST', '/api/v1/labels', { name: 'Private' })).status).toBe(201);
  });

  it('refuses bad input with the field named', async () => {
    const { owner } = fixture;
    const empty = await call(owner, 'POST', '/api/v1/labels', { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('VALIDATION_FAILED');
    expect(empty.body.error.message).toContain('name: is required');
    expect(empty.body.error.details[0].path).toEqual(['name']);

    const colour = await call(owner, 'POST', '/api/v1/labels', { name: 'Odd', color: 'red' });
    expect(colour.status).toBe(400);
    expect(colour.body.error.message).toContain('color: must be a colour like #e5484d');

    const comma = await call(owner, 'POST', '/api/v1/labels', { name: 'a,b' });
    expect(comma.status).toBe(400);
    expect(comma.body.error.message).toContain('must not contain commas');

    const unknownField = await call(owner, 'POST', '/api/v1/labels', { name: 'Fine', shade: 'dark' });
    expect(unknownField.status).toBe(400);
  });

  it('keeps names unique whatever their case, on create and on rename', async () => {
    const { owner } = fixture;
    await createLabel(owner, 'Frontend');
    const duplicate = await call(owner, 'POST', '/api/v1/labels', { name: 'FRONTEND' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('LABEL_NAME_TAKEN');
    expect(duplicate.body.error.message).toBe('Another label in this organization is named "Frontend".');

    const other = await createLabel(owner, 'Backend');
    const rename = await call(owner, 'PATCH', `/api/v1/labels/${other.id}`, { version: 1, name: 'frontend' });
    expect(rename.status).toBe(409);
    expect(rename.body.error.code).toBe('LABEL_NAME_TAKEN');
    // Changing only the case of its own name is a rename, not a clash.
    const recase = await call(owner, 'PATCH', `/api/v1/labels/${other.id}`, { version: 1, name: 'BACKEND' });
    expect(recase.status).toBe(200);
    expect(recase.body.name).toBe('BACKEND');
  });

  it('allows 200 labels in an organization and refuses the 201st', async () => {
    const { server } = fixture;
    expect(LABELS_PER_ORGANIZATION).toBe(200);
    const founder = await signUp(server, 'Cap Founder');
    await createProject(server, founder, 'CAP');
    const organizationId = (await sessionOf(founder))?.session.activeOrganizationId ?? '';
    // All but the last label allowed are rows written at once: two hundred requests cost most of this
    // file's time, and the count the limit reads is the same whichever way the rows came.
    await server.server.database.db.insert(label).values(
      Array.from({ length: 199 }, (_, index) => ({
        id: crypto.randomUUID(),
        organizationId,
        name: `label ${index + 1}`,
        color: '#e5484d',
      })),
    );
    await createLabel(founder, 'label 200');
    const over = await call(founder, 'POST', '/api/v1/labels', { name: 'one too many' });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe('LABEL_LIMIT_REACHED');
    expect(over.body.error.message).toContain('at most 200 labels');
  });
});

describe('labels on tasks', () => {
  it('sets labels on create, replaces them on update, and records the change in words', async () => {
    const { owner, member, project: swb } = fixture;
    const bug = await createLabel(owner, 'Bug', '#e5484d');
    const ui = await createLabel(owner, 'UI', '#0090ff');
    const task = await createTask(member, swb, { title: 'Fix the header', labelIds: [ui.id] });
    expect(task.labels).toEqual([{ id: ui.id, name: 'UI', color: '#0090ff' }]);

    const updated = await call(member, 'PATCH', `/api/v1/tasks/${task.key}`, {
      version: task.version,
      labelIds: [ui.id, bug.id],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.labels.map((item: Json) => item.name)).toEqual(['Bug', 'UI']);
    expect((await call(owner, 'GET', `/api/v1/tasks/${task.key}`)).body.labels).toEqual(updated.body.labels);

    const replaced = await call(member, 'PATCH', `/api/v1/tasks/${task.key}`, {
      version: updated.body.version,
      labelIds: [bug.id],
      priority: 'high',
    });
    expect(replaced.body.labels.map((item: Json) => item.name)).toEqual(['Bug']);

    const activity = await call(owner, 'GET', `/api/v1/activity?entityId=${task.id}`);
    const [latest, added] = activity.body.items;
    expect(added.summary).toBe(`added label Bug to ${task.key}`);
    expect(added.action).toBe('task.updated');
    expect(added.data.fields).toEqual(['labels']);
    expect(added.data.task.labels.map((item: Json) => item.name)).toEqual(['Bug', 'UI']);
    expect(latest.summary).toBe(`updated ${task.key}: priority medium → high; removed label UI`);
  });

  it("refuses unknown and other organizations' label ids, naming them, and changes nothing", async () => {
    const { owner, outsider, project: swb, outsiderProject: out } = fixture;
    const foreign = await createLabel(outsider, 'Foreign');
    const task = await createTask(owner, swb, { title: 'Careful' });
    const refused = await call(owner, 'PATCH', `/api/v1/tasks/${task.key}`, {
      version: task.version,
      labelIds: [foreign.id, 'no-such-label'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
    expect(refused.body.error.message).toBe(
      `labelIds: are not labels of this organization: ${foreign.id}, no-such-label`,
    );
    const onCreate = await call(owner, 'POST', `/api/v1/projects/${swb.id}/tasks`, {
      title: 'Also careful',
      labelIds: [foreign.id],
    });
    expect(onCreate.status).toBe(400);
    expect(onCreate.body.error.message).toContain(foreign.id);
    const unchanged = await call(owner, 'GET', `/api/v1/tasks/${task.key}`);
    expect(unchanged.body).toMatchObject({ version: task.version, labels: [] });
    // The outsider cannot put this organization's labels on its tasks either.
    const mine = await createLabel(owner, 'Ours');
    const theirs = await call(outsider, 'POST', `/api/v1/projects/${out.id}/tasks`, {
      title: 'Borrow',
      labelIds: [mine.id],
    });
    expect(theirs.status).toBe(400);
  });

  it('filters the task list by label names in any case or ids, all of them required', async () => {
    const { owner, member, outsider, project: swb, outsiderProject: out } = fixture;
    const api = await createLabel(owner, 'Api');
    const slow = await createLabel(owner, 'Slow');
    const both = await createTask(owner, swb, { title: 'Both', labelIds: [api.id, slow.id] });
    const onlyApi = await createTask(owner, swb, { title: 'Only api', labelIds: [api.id] });
    await createTask(owner, swb, { title: 'Neither' });

    expect(await taskKeys(member, swb, 'label=api')).toEqual([both.key, onlyApi.key]);
    expect(await taskKeys(member, swb, `label=${slow.id}`)).toEqual([both.key]);
    expect(await taskKeys(member, swb, 'label=API,slow')).toEqual([both.key]);
    expect(await taskKeys(member, swb, 'label=Api&label=SLOW')).toEqual([both.key]);
    expect(await taskKeys(member, swb, 'label=nothing-has-this')).toEqual([]);
    // Another organization's label with the same name matches nothing here.
    await createLabel(outsider, 'Api');
    expect(await taskKeys(outsider, out, 'label=api')).toEqual([]);
  });

  it('shows a renamed label in the cached task list at once and takes a deleted one off every task', async () => {
    const { owner, member, project: swb } = fixture;
    const label = await createLabel(owner, 'Needs design');
    const task = await createTask(owner, swb, { title: 'Design me', labelIds: [label.id] });
    const labelsOf = async () => {
      const listed = await call(member, 'GET', `/api/v1/projects/${swb.id}/tasks?limit=1000`);
      return listed.body.items.find((item: Json) => item.id === task.id).labels;
    };
    expect(await labelsOf()).toEqual([{ id: label.id, name: 'Needs design', color: '#e5484d' }]);
    // Read twice, so the second answer comes from the cache.
    expect(await labelsOf()).toEqual([{ id: label.id, name: 'Needs design', color: '#e5484d' }]);

    await call(owner, 'PATCH', `/api/v1/labels/${label.id}`, {
      version: 1,
      name: 'Designed',
      color: '#8e4ec6',
    });
    expect(await labelsOf()).toEqual([{ id: label.id, name: 'Designed', color: '#8e4ec6' }]);

    const deleted = await call(owner, 'DELETE', `/api/v1/labels/${label.id}`);
    expect(deleted.body.deleted.tasks).toBe(1);
    expect(await labelsOf()).toEqual([]);
    expect(await taskKeys(member, swb, 'label=Designed')).toEqual([]);
  });
});
