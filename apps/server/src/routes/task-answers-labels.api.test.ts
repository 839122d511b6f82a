import { beforeAll, describe, expect, it } from 'vitest';
import type { ActingContext } from '../domain/actor';
import { myWork } from '../domain/people/my-work';
import { getWorkUnit } from '../domain/work-units/views';
import type { Person } from '../testing/auth-agent';
import { countingDatabase } from '../testing/counting-database';
import { ROLES, useOrganizationFixture } from '../testing/organization-fixture';
import { sessionOf } from '../testing/organizations';
import type { Json } from '../testing/projects';

// Dialect-sensitive: labels and names are gathered as JSON in one statement, which each driver parses its own
// way.

/**
 * My work and a work unit's detail build their tasks from the task rows alone; like every other answer
 * with tasks, they still show each task's labels and its assignee's name.
 */
const fixture = useOrganizationFixture();
const { call } = fixture;
let bug: Json;
let urgent: Json;

beforeAll(async () => {
  const { owner } = fixture;
  bug = await created(call(owner, 'POST', '/api/v1/labels', { name: 'bug', color: '#e5484d' }));
  urgent = await created(call(owner, 'POST', '/api/v1/labels', { name: 'Urgent', color: '#f76b15' }));
});

async function created(request: Promise<{ status: number; body: Json }>): Promise<Json> {
  const answer = await request;
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function ok(request: Promise<{ status: number; body: Json }>): Promise<Json> {
  const answer = await request;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** A task in project SWB assigned to this person, optionally in a work unit. */
function newTask(person: Person, fields: Record<string, unknown>): Promise<Json> {
  const { owner, project } = fixture;
  return created(
    call(owner, 'POST', `/api/v1/projects/${project.id}/tasks`, {
      title: 'Work',
      assigneeUserId: person.user.id,
      ...fields,
    }),
  );
}

function newWorkUnit(title: string): Promise<Json> {
  const { owner, project } = fixture;
  return created(call(owner, 'POST', `/api/v1/projects/${project.id}/work-units`, { title }));
}

// Labels come by name whatever its case: "bug" before "Urgent".
const bothLabels = () => [
  { id: bug.id, name: 'bug', color: '#e5484d' },
  { id: urgent.id, name: 'Urgent', color: '#f76b15' },
];
const namedAs = (person: Person) => ({ id: person.user.id, name: person.user.name, image: null });

async function actingAs(person: Person): Promise<ActingContext> {
  const organizationId = (await sessionOf(person))?.session.activeOrganizationId;
  if (!organizationId) throw new Error(`${person.user.name} has no active organization`);
  return { organizationId, actor: { type: 'user', id: person.user.id, name: person.user.name } };
}

/** The statements that read labels and the statements that read assignees' names. */
function readsOfLabelsAndNames(statements: string[]) {
  return {
    labels: statements.filter((text) => /(from|join) "task_label"/.test(text)),
    names: statements.filter((text) => /(from|join) "member"/.test(text)),
  };
}

describe('my work', () => {
  it.each(ROLES)("shows %s each task's labels and assignee, and none on a task without", async (role) => {
    const person = fixture[role];
    const labelled = await newTask(person, {
      title: `Labelled for ${role}`,
      labelIds: [urgent.id, bug.id],
    });
    const plain = await newTask(person, { title: `Plain for ${role}` });

    const work = await ok(call(person, 'GET', '/api/v1/my-work'));
    const byId = new Map(work.tasks.map((item: Json) => [item.task.id, item.task]));
    expect(byId.get(labelled.id)).toMatchObject({ labels: bothLabels(), assigneeUser: namedAs(person) });
    expect(byId.get(plain.id)).toMatchObject({ labels: [], assigneeUser: namedAs(person) });
  });

  it("never shows an outsider the organization's labelled tasks", async () => {
    const { outsider } = fixture;
    await newTask(fixture.member, { title: 'Not for outsiders', labelIds: [bug.id] });
    const work = await ok(call(outsider, 'GET', '/api/v1/my-work'));
    expect(work.tasks.map((item: Json) => item.task.title)).not.toContain('Not for outsiders');
  });

  it('reads the labels and the names of all its tasks in one statement', async () => {
    const { server, member } = fixture;
    await newTask(member, { title: 'Counted one', labelIds: [bug.id] });
    await newTask(member, { title: 'Counted two', labelIds: [urgent.id] });
    const counting = countingDatabase(server.server.database);
    const context = await actingAs(member);

    counting.clear();
    const work = await myWork(counting.db, context, new Date());
    const reads = readsOfLabelsAndNames(counting.statements);

    expect(work.tasks.length).toBeGreaterThanOrEqual(2);
    for (const item of work.tasks) expect(item.task.labels).toBeDefined();
    expect(reads.labels).toHaveLength(1);
    expect(reads.names).toEqual(reads.labels);
  });
});

describe('a work unit with its tasks', () => {
  it.each(ROLES)("shows %s each task's labels and assignee", async (role) => {
    const person = fixture[role];
    const unit = await newWorkUnit(`Labels for ${role}`);
    const labelled = await newTask(person, { workUnitId: unit.id, labelIds: [bug.id, urgent.id] });
    const plain = await newTask(fixture.owner, { workUnitId: unit.id });

    const detail = await ok(call(person, 'GET', `/api/v1/work-units/${unit.slug}`));
    expect(detail.tasks.map((item: Json) => item.id).sort()).toEqual([labelled.id, plain.id].sort());
    const byId = new Map(detail.tasks.map((item: Json) => [item.id, item]));
    expect(byId.get(labelled.id)).toMatchObject({ labels: bothLabels(), assigneeUser: namedAs(person) });
    expect(byId.get(plain.id)).toMatchObject({ labels: [], assigneeUser: namedAs(fixture.owner) });
  });

  it("answers an outsider 404 for the organization's work unit, by id and by slug", async () => {
    const unit = await newWorkUnit('Private unit');
    await newTask(fixture.member, { workUnitId: unit.id, labelIds: [bug.id] });
    for (const reference of [unit.id, unit.slug]) {
      const answer = await call(fixture.outsider, 'GET', `/api/v1/work-units/${reference}`);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('WORK_UNIT_NOT_FOUND');
    }
  });

  it('reads the labels and the names of all its tasks in one statement', async () => {
    const { server, owner, admin } = fixture;
    const unit = await newWorkUnit('Counted unit');
    await newTask(owner, { workUnitId: unit.id, labelIds: [bug.id] });
    await newTask(admin, { workUnitId: unit.id, labelIds: [urgent.id, bug.id] });
    const counting = countingDatabase(server.server.database);
    const context = await actingAs(owner);

    counting.clear();
    const detail = await getWorkUnit(counting.db, context, unit.id, new Date());
    const reads = readsOfLabelsAndNames(counting.statements);

    expect(detail.tasks.map((item) => item.labels?.map((entry) => entry.name))).toEqual(
      expect.arrayContaining([['bug'], ['bug', 'Urgent']]),
    );
    expect(reads.labels).toHaveLength(1);
    expect(reads.names).toEqual(reads.labels);
  });
});
