import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { task as taskTable } from '../db/schema';
import { createAgentProfile, createApiKey, sendWithKey } from '../testing/agents';
import type { Person } from '../testing/auth-agent';
import { ROLES, useOrganizationFixture } from '../testing/organization-fixture';
import { createProject, type Json, type TestProject } from '../testing/projects';

// Dialect-sensitive: concurrent bulk changes over the same tasks are serialised by row locks.

const fixture = useOrganizationFixture();
const { call } = fixture;
/** A second project of the same organization, for changes that must stay within one project. */
let far: TestProject;
let frontendKey: string;

beforeAll(async () => {
  const { server, owner } = fixture;
  far = await createProject(server, owner, 'FAR');
  await createAgentProfile(server, owner, 'backend-dev');
  await createAgentProfile(server, owner, 'frontend-dev');
  frontendKey = (await createApiKey(owner, { name: 'frontend', agentName: 'frontend-dev' })).key;
});

async function newTask(
  title: string,
  extra: Record<string, unknown> = {},
  project = fixture.project,
  person = fixture.owner,
) {
  const created = await call(person, 'POST', `/api/v1/projects/${project.id}/tasks`, { title, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Json;
}

const tasks = (count: number, prefix: string) =>
  Promise.all(Array.from({ length: count }, (_, index) => newTask(`${prefix} ${index + 1}`)));

const bulk = (person: Person, body: unknown, project = fixture.project) =>
  call(person, 'POST', `/api/v1/projects/${project.id}/tasks/bulk`, body);

const read = async (id: string) => (await call(fixture.owner, 'GET', `/api/v1/tasks/${id}`)).body;
const activityOf = async (id: string) =>
  (await call(fixture.owner, 'GET', `/api/v1/activity?entityId=${id}`)).body.items;

describe('bulk changes by each role', () => {
  for (const role of ROLES) {
    it(`lets the ${role} move tasks, each with its own activity line and version bump`, async () => {
      const { project: swb, [role]: person } = fixture;
      const [first, second] = await tasks(2, `Moved by ${role}`);
      const answer = await bulk(person, {
        taskIds: [first.key, second.id],
        action: { type: 'move', statusId: swb.done },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ changed: 2, deleted: [] });
      expect(answer.body.items.map((item: Json) => [item.key, item.statusId, item.version])).toEqual([
        [first.key, swb.done, 2],
        [second.key, swb.done, 2],
      ]);
      for (const moved of [first, second]) {
        const [latest] = await activityOf(moved.id);
        expect(latest).toMatchObject({
          action: 'task.moved',
          summary: `moved ${moved.key} from Todo to Done`,
        });
      }
    });
  }

  it('assigns and unassigns an agent, leaving tasks already so as they are', async () => {
    const { owner, member } = fixture;
    const [first, second] = await tasks(2, 'Assigned');
    await call(owner, 'PATCH', `/api/v1/tasks/${second.id}`, { version: 1, assignee: 'backend-dev' });
    const assigned = await bulk(member, {
      taskIds: [first.id, second.id],
      action: { type: 'assign', assignee: 'Backend-Dev' },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.changed).toBe(1);
    expect(assigned.body.items.map((item: Json) => item.assignee)).toEqual(['backend-dev', 'backend-dev']);
    expect((await activityOf(first.id))[0].summary).toContain(`updated ${first.key}`);
    expect((await read(second.id)).version).toBe(2);

    const unassigned = await bulk(member, {
      taskIds: [first.id, second.id],
      action: { type: 'assign', assignee: null },
    });
    expect(unassigned.status).toBe(200);
    expect(unassigned.body.items.map((item: Json) => item.assignee)).toEqual([null, null]);
  });

  it('adds and removes labels, keeping each task’s others, and refuses a label of no one', async () => {
    const { owner, member } = fixture;
    const label = async (name: string) => {
      const created = await call(owner, 'POST', '/api/v1/labels', { name });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body as Json;
    };
    const [bug, ui] = [await label('Bug'), await label('UI')];
    const [plain, tagged] = await tasks(2, 'Labelled');
    await call(owner, 'PATCH', `/api/v1/tasks/${tagged.id}`, { version: 1, labelIds: [ui.id] });

    const added = await bulk(member, {
      taskIds: [plain.id, tagged.id],
      action: { type: 'label', add: [bug.id] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.items.map((item: Json) => item.labels.map((each: Json) => each.name))).toEqual([
      ['Bug'],
      ['Bug', 'UI'],
    ]);
    expect((await activityOf(plain.id))[0].summary).toBe(`added label Bug to ${plain.key}`);

    const removed = await bulk(member, {
      taskIds: [plain.id, tagged.id],
      action: { type: 'label', remove: [bug.id, ui.id] },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.items.map((item: Json) => item.labels)).toEqual([[], []]);

    const unknown = await bulk(member, {
      taskIds: [plain.id],
      action: { type: 'label', add: ['no-such-label'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('VALIDATION_FAILED');
    const nothing = await bulk(member, { taskIds: [plain.id], action: { type: 'label' } });
    expect(nothing.status).toBe(400);
    expect((await read(plain.id)).labels).toEqual([]);
  });

  it('assigns a member, which takes the place of an agent, and refuses someone outside the organization', async () => {
    const { owner, admin, member, outsider } = fixture;
    const [first, second] = await tasks(2, 'For a person');
    await call(owner, 'PATCH', `/api/v1/tasks/${first.id}`, { version: 1, assignee: 'backend-dev' });
    const assigned = await bulk(admin, {
      taskIds: [first.id, second.id],
      action: { type: 'assign', assigneeUserId: member.user.id },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.items.map((item: Json) => [item.assignee, item.assigneeUser?.name])).toEqual([
      [null, 'Mia Member'],
      [null, 'Mia Member'],
    ]);
    const stranger = await bulk(admin, {
      taskIds: [first.id],
      action: { type: 'assign', assigneeUserId: outsider.user.id },
    });
    expect(stranger.status).toBe(400);
    expect((await read(first.id)).assigneeUser?.name).toBe('Mia Member');
    const both = await bulk(admin, {
      taskIds: [first.id],
      action: { type: 'assign', assignee: 'backend-dev', assigneeUserId: member.user.id },
    });
    expect(both.status).toBe(400);
    expect((await bulk(admin, { taskIds: [first.id], action: { type: 'assign' } })).status).toBe(400);
  });

  it('refuses an assignee who is no agent of the organization, naming the field', async () => {
    const { owner } = fixture;
    const [only] = await tasks(1, 'Nobody');
    const answer = await bulk(owner, { taskIds: [only.id], action: { type: 'assign', assignee: 'ghost' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    expect((await read(only.id)).version).toBe(1);
  });

  it('deletes tasks, and tasks they blocked stop waiting, each recorded', async () => {
    const { owner, admin } = fixture;
    const [first, second] = await tasks(2, 'Deleted');
    const waiting = await newTask('Waits for both', { blockedBy: [first.key, second.key] });
    const answer = await bulk(admin, { taskIds: [first.key, second.key], action: { type: 'delete' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ items: [], changed: 2 });
    expect(answer.body.deleted.map((item: Json) => item.key)).toEqual([first.key, second.key]);
    expect((await call(owner, 'GET', `/api/v1/tasks/${first.id}`)).status).toBe(404);
    const after = await read(waiting.id);
    expect(after).toMatchObject({ blockedBy: [], version: 3 });
    const summaries = (await activityOf(waiting.id)).map((item: Json) => item.summary);
    expect(summaries).toContain(`${waiting.key} no longer waits for deleted ${first.key}`);
    expect(summaries).toContain(`${waiting.key} no longer waits for deleted ${second.key}`);
  });
});

describe('what a bulk change refuses', () => {
  it('answers 404 to an outsider and for a task of another organization, writing nothing', async () => {
    const { owner, outsider, project: swb, outsiderProject: elsewhere } = fixture;
    const [mine] = await tasks(1, 'Mine');
    const theirs = await newTask('Theirs', {}, elsewhere, outsider);
    const intruder = await bulk(outsider, { taskIds: [mine.id], action: { type: 'delete' } });
    expect(intruder.status).toBe(404);
    expect(intruder.body.error.code).toBe('PROJECT_NOT_FOUND');

    const foreign = await bulk(owner, {
      taskIds: [mine.id, theirs.id],
      action: { type: 'move', statusId: swb.done },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({
      code: 'TASK_NOT_FOUND',
      details: { refused: [{ task: theirs.id, code: 'TASK_NOT_FOUND' }] },
    });
    expect(await read(mine.id)).toMatchObject({ statusId: swb.todo, version: 1 });
    expect((await call(outsider, 'GET', `/api/v1/tasks/${theirs.id}`)).body.version).toBe(1);
  });

  it('refuses 201 tasks, none, an unknown action and an unknown status with field errors', async () => {
    const { owner } = fixture;
    const ids = Array.from({ length: 201 }, (_, index) => `SWB-${index + 1}`);
    const tooMany = await bulk(owner, { taskIds: ids, action: { type: 'delete' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('VALIDATION_FAILED');
    expect(tooMany.body.error.details[0].path).toEqual(['taskIds']);

    const none = await bulk(owner, { taskIds: [], action: { type: 'delete' } });
    expect(none.status).toBe(400);
    expect(none.body.error.details[0].path).toEqual(['taskIds']);

    const unknown = await bulk(owner, { taskIds: ['SWB-1'], action: { type: 'archive' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].path).toEqual(['action', 'type']);

    const [only] = await tasks(1, 'Stays');
    const badStatus = await bulk(owner, { taskIds: [only.id], action: { type: 'move', statusId: far.done } });
    expect(badStatus.status).toBe(404);
    expect(badStatus.body.error.code).toBe('STATUS_NOT_FOUND');
  });

  it('refuses tasks of two projects with 400 naming the stranger, writing nothing', async () => {
    const { owner, project: swb } = fixture;
    const [mine] = await tasks(1, 'Here');
    const there = await newTask('There', {}, far);
    const answer = await bulk(owner, {
      taskIds: [mine.id, there.key],
      action: { type: 'move', statusId: swb.done },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: ['taskIds', 1], message: `${there.key} is not a task of project SWB` }],
    });
    expect((await read(mine.id)).version).toBe(1);
  });

  it('refuses an agent’s bulk move over another agent’s claim with details, writing nothing', async () => {
    const { owner, project: swb, server } = fixture;
    const [free, held, other] = await tasks(3, 'Claim');
    await server.server.database.db
      .update(taskTable)
      .set({
        claimedBy: 'session-1',
        claimAgent: 'backend-dev',
        claimExpiresAt: sql`now() + interval '10 minutes'`,
      })
      .where(eq(taskTable.id, held.id));
    const before = (await activityOf(free.id)).length;
    const answer = await sendWithKey(server, frontendKey, 'POST', `/api/v1/projects/${swb.id}/tasks/bulk`, {
      taskIds: [free.id, held.key, other.id],
      action: { type: 'move', statusId: swb.inProgress },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('TASK_CLAIMED');
    expect(answer.body.error.details.refused).toEqual([
      {
        task: held.key,
        key: held.key,
        code: 'TASK_CLAIMED',
        message: expect.stringContaining('backend-dev'),
      },
    ]);
    for (const untouched of [free, held, other]) {
      expect(await read(untouched.id)).toMatchObject({ statusId: swb.todo, version: 1 });
    }
    expect(await activityOf(free.id)).toHaveLength(before);

    // A person is not bound by the claim: the same move goes ahead and is recorded as an override.
    const byPerson = await bulk(owner, {
      taskIds: [free.id, held.key],
      action: { type: 'move', statusId: swb.inProgress },
    });
    expect(byPerson.status).toBe(200);
    expect((await activityOf(held.id))[0].summary).toContain("(overrode backend-dev's claim)");
  });

  it('refuses an agent’s move to done over open HIGH findings (the review gate) with TASK_REVIEW_BLOCKED', async () => {
    const { project: swb, server } = fixture;
    const [clean, flagged] = await tasks(2, 'Gate');
    await server.server.database.db
      .update(taskTable)
      .set({ openHighFindings: 1 })
      .where(eq(taskTable.id, flagged.id));
    const answer = await sendWithKey(server, frontendKey, 'POST', `/api/v1/projects/${swb.id}/tasks/bulk`, {
      taskIds: [clean.id, flagged.id],
      action: { type: 'move', statusId: swb.done },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('TASK_REVIEW_BLOCKED');
    expect(answer.body.error.details.refused.map((item: Json) => item.key)).toEqual([flagged.key]);
    expect((await read(clean.id)).statusId).toBe(swb.todo);
  });
});

describe('concurrent bulk changes', () => {
  it('two bulk moves over the same tasks both apply, one after the other', async () => {
    const { owner, member, project: swb } = fixture;
    const named = await tasks(12, 'Raced');
    const ids = named.map((item) => item.id);
    const [toDone, toReview] = await Promise.all([
      bulk(owner, { taskIds: ids, action: { type: 'move', statusId: swb.done } }),
      bulk(member, { taskIds: [...ids].reverse(), action: { type: 'move', statusId: swb.review } }),
    ]);
    expect(toDone.status, JSON.stringify(toDone.body)).toBe(200);
    expect(toReview.status, JSON.stringify(toReview.body)).toBe(200);
    const after = await Promise.all(ids.map(read));
    const finalStatus = after[0].statusId;
    expect([swb.done, swb.review]).toContain(finalStatus);
    for (const item of after) expect(item).toMatchObject({ statusId: finalStatus, version: 3 });
    for (const id of ids)
      expect((await activityOf(id)).filter((row: Json) => row.action === 'task.moved')).toHaveLength(2);
  });
});
