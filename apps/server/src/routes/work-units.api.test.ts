import { describe, expect, it } from 'vitest';
import { useOrganizationFixture } from '../testing/organization-fixture';
import { createProject, createTask, type Json } from '../testing/projects';

const fixture = useOrganizationFixture();
const { call } = fixture;

async function unit(
  title: string,
  extra: Record<string, unknown> = {},
  project = fixture.project,
): Promise<Json> {
  const created = await call(fixture.owner, 'POST', `/api/v1/projects/${project.id}/work-units`, {
    title,
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const task = (title: string, extra: Record<string, unknown> = {}, project = fixture.project) =>
  createTask(fixture.server, fixture.owner, project, title, extra);

const get = async (reference: string) =>
  (await call(fixture.owner, 'GET', `/api/v1/work-units/${reference}`)).body;

const patch = (reference: string, body: Record<string, unknown>) =>
  call(fixture.owner, 'PATCH', `/api/v1/work-units/${reference}`, body);

describe('work units', () => {
  it('creates numbered units, lists them and reads one by id or slug in any case, tasks embedded', async () => {
    const project = await createProject(fixture.server, fixture.owner, 'NUM');
    const first = await unit('Sign-in', { type: 'epic', priority: 'high' }, project);
    const second = await unit(
      'Device flow',
      { parentWorkUnitId: first.slug, targetDate: '2030-01-31' },
      project,
    );
    expect(first).toMatchObject({
      slug: 'NUM-WU-1',
      number: 1,
      type: 'epic',
      priority: 'high',
      status: 'planning',
      version: 1,
      depth: 0,
      taskCount: 0,
      warnings: [],
      completedAt: null,
      progress: { completedTasks: 0, totalTasks: 0, percentage: 0, currentTask: null },
    });
    expect(second).toMatchObject({
      slug: 'NUM-WU-2',
      parentWorkUnitId: first.id,
      depth: 1,
      type: 'feature',
      targetDate: '2030-01-31',
    });
    await task('Poll the token', { workUnitId: 'num-wu-2' }, project);
    const list = await call(fixture.owner, 'GET', `/api/v1/projects/${project.id}/work-units`);
    expect(list.body.items.map((item: Json) => [item.slug, item.taskCount])).toEqual([
      ['NUM-WU-1', 0],
      ['NUM-WU-2', 1],
    ]);
    const epics = await call(fixture.owner, 'GET', `/api/v1/projects/${project.id}/work-units?type=epic`);
    expect(epics.body.items.map((item: Json) => item.slug)).toEqual(['NUM-WU-1']);
    for (const reference of [second.id, 'NUM-WU-2', 'num-wu-2']) {
      const detail = await get(reference);
      expect(detail.id).toBe(second.id);
      expect(detail.tasks.map((item: Json) => item.key)).toEqual(['NUM-1']);
    }
  });

  it('refuses bad input with the zod issues, unknown fields, and references outside the project', async () => {
    const bad = await call(fixture.owner, 'POST', `/api/v1/projects/${fixture.project.id}/work-units`, {
      title: '',
      type: 'saga',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(bad.body.error.details.map((issue: Json) => issue.path[0]).sort()).toEqual(['title', 'type']);
    const extra = await call(fixture.owner, 'POST', `/api/v1/projects/${fixture.project.id}/work-units`, {
      title: 'X',
      colour: 'red',
    });
    expect(extra.status).toBe(400);
    const other = await createProject(fixture.server, fixture.owner, 'OTH');
    const foreignParent = await unit('Elsewhere', {}, other);
    const wrongParent = await call(
      fixture.owner,
      'POST',
      `/api/v1/projects/${fixture.project.id}/work-units`,
      {
        title: 'Child',
        parentWorkUnitId: foreignParent.id,
      },
    );
    expect(wrongParent.status).toBe(404);
    expect(wrongParent.body.error.code).toBe('WORK_UNIT_NOT_FOUND');
    const wrongOwner = await call(
      fixture.owner,
      'POST',
      `/api/v1/projects/${fixture.project.id}/work-units`,
      {
        title: 'Owned',
        ownerId: fixture.outsider.user.id,
      },
    );
    expect(wrongOwner.status).toBe(400);
    expect(wrongOwner.body.error.details[0].path).toEqual(['ownerId']);
    const owned = await unit('Owned', { ownerId: fixture.owner.user.id });
    expect(owned.ownerId).toBe(fixture.owner.user.id);
    const badStatus = await patch(owned.id, { version: 1, status: 'done' });
    expect(badStatus.status).toBe(400);
  });

  it('refuses a start date after the target date, on create and on an update of either date', async () => {
    const late = await call(fixture.owner, 'POST', `/api/v1/projects/${fixture.project.id}/work-units`, {
      title: 'Backwards',
      startDate: '2030-02-01',
      targetDate: '2030-01-31',
    });
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('VALIDATION_FAILED');
    expect(late.body.error.details).toEqual([
      { path: ['targetDate'], message: 'must not be before the start date' },
    ]);
    const sameDay = await unit('One day', { startDate: '2030-01-31', targetDate: '2030-01-31' });
    const earlierTarget = await patch(sameDay.id, { version: 1, targetDate: '2030-01-30' });
    expect(earlierTarget.status).toBe(400);
    expect(earlierTarget.body.error.details[0].path).toEqual(['targetDate']);
    const laterStart = await patch(sameDay.id, { version: 1, startDate: '2030-02-01' });
    expect(laterStart.status).toBe(400);
    const bothMoved = await patch(sameDay.id, {
      version: 1,
      startDate: '2030-03-01',
      targetDate: '2030-03-05',
    });
    expect(bothMoved.status).toBe(200);
    const cleared = await patch(sameDay.id, { version: 2, targetDate: null, startDate: '2031-01-01' });
    expect(cleared.status).toBe(200);
  });

  it('updates with the version read and answers 409 with the current version when stale', async () => {
    const created = await unit('Versioned');
    const first = await patch(created.slug, { version: 1, title: 'Renamed', estimatedEffort: 12.5 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ title: 'Renamed', estimatedEffort: 12.5, version: 2 });
    const stale = await patch(created.slug, { version: 1, title: 'Lost' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 2 } });
    const staleDelete = await call(
      fixture.owner,
      'DELETE',
      `/api/v1/work-units/${created.id}?confirm=true&version=1`,
    );
    expect(staleDelete.status).toBe(409);
  });

  it("hides another organization's units behind 404, by id and by slug", async () => {
    const secret = await unit('Secret');
    for (const [method, path, body] of [
      ['GET', `/api/v1/work-units/${secret.id}`],
      ['GET', `/api/v1/work-units/${secret.slug}`],
      ['PATCH', `/api/v1/work-units/${secret.id}`, { version: 1, title: 'Pwned' }],
      ['PATCH', `/api/v1/work-units/${secret.slug}`, { version: 1, title: 'Pwned' }],
      ['DELETE', `/api/v1/work-units/${secret.id}?confirm=true`],
    ] as const) {
      const answer = await call(fixture.outsider, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.code).toBe('WORK_UNIT_NOT_FOUND');
    }
    for (const [method, body] of [['GET'], ['POST', { title: 'Intruder' }]] as const) {
      const answer = await call(
        fixture.outsider,
        method,
        `/api/v1/projects/${fixture.project.id}/work-units`,
        body,
      );
      expect(answer.status, method).toBe(404);
      expect(answer.body.error.code).toBe('PROJECT_NOT_FOUND');
    }
    expect((await get(secret.id)).title).toBe('Secret');
  });

  it('refuses a unit placed inside itself or its own descendant', async () => {
    const top = await unit('Top');
    const child = await unit('Child', { parentWorkUnitId: top.id });
    const grandchild = await unit('Grandchild', { parentWorkUnitId: child.id });
    const self = await patch(top.id, { version: 1, parentWorkUnitId: top.id });
    expect(self.status).toBe(422);
    expect(self.body.error.code).toBe('CYCLE_NOT_ALLOWED');
    const loop = await patch(top.id, { version: 1, parentWorkUnitId: grandchild.slug });
    expect(loop.status).toBe(422);
    const deep = await unit('Too deep', { parentWorkUnitId: grandchild.id });
    expect(deep.depth).toBe(3);
    expect(deep.warnings).toEqual([expect.stringMatching(/at most 2 levels/)]);
    const detached = await patch(grandchild.id, { version: 1, parentWorkUnitId: null });
    expect(detached.body).toMatchObject({ parentWorkUnitId: null, depth: 0 });
  });
});

describe('work-unit status and progress', () => {
  it('follows the transition table', async () => {
    const created = await unit('Flow');
    const skip = await patch(created.id, { version: 1, status: 'completed' });
    expect(skip.status).toBe(409);
    expect(skip.body.error).toMatchObject({
      code: 'INVALID_TRANSITION',
      details: { from: 'planning', to: 'completed', allowed: ['in_progress', 'blocked', 'cancelled'] },
    });
    const blocked = await patch(created.id, { version: 1, status: 'blocked' });
    expect(blocked.body.status).toBe('blocked');
    const cancelled = await patch(created.id, { version: 2, status: 'cancelled' });
    expect(cancelled.body.status).toBe('cancelled');
    expect((await patch(created.id, { version: 3, status: 'blocked' })).status).toBe(409);
    expect((await patch(created.id, { version: 3, status: 'planning' })).body.status).toBe('planning');
  });

  it('derives progress from its tasks, and the first task started starts a planning unit', async () => {
    const feature = await unit('Board');
    const one = await task('One', { workUnitId: feature.id });
    const two = await task('Two', { workUnitId: feature.id });
    await task('Three', { workUnitId: feature.id });
    await task('Four', { workUnitId: feature.id });
    await call(fixture.owner, 'POST', `/api/v1/tasks/${one.key}/move`, {
      version: 1,
      statusId: fixture.project.done,
    });
    expect((await get(feature.id)).status).toBe('planning');
    const moved = await call(fixture.owner, 'POST', `/api/v1/tasks/${two.key}/move`, {
      version: 1,
      statusId: fixture.project.inProgress,
    });
    expect(moved.status).toBe(200);
    const started = await get(feature.id);
    expect(started).toMatchObject({ status: 'in_progress', version: 2, taskCount: 4 });
    expect(started.progress).toEqual({
      completedTasks: 1,
      totalTasks: 4,
      percentage: 25,
      currentTask: { id: two.id, key: two.key, title: 'Two' },
    });
    expect(started.devInfo.progress).toEqual(started.progress);
    const log = await call(fixture.owner, 'GET', `/api/v1/activity?entityId=${feature.id}`);
    expect(log.body.items[0]).toMatchObject({
      action: 'work_unit.updated',
      data: {
        version: 2,
        from: 'planning',
        to: 'in_progress',
        workUnit: { id: feature.id, status: 'in_progress' },
      },
    });
    expect(log.body.items[0].summary).toContain(two.key);
  });

  it('starts a planning unit when a task is created in progress, but not on a reorder inside the column', async () => {
    const created = await unit('Started by creation');
    const running = await task('Already running', {
      workUnitId: created.slug,
      statusId: fixture.project.inProgress,
    });
    expect(await get(created.id)).toMatchObject({ status: 'in_progress', version: 2 });
    const back = await patch(created.id, { version: 2, status: 'planning' });
    expect(back.body.status).toBe('planning');
    await call(fixture.owner, 'POST', `/api/v1/tasks/${running.key}/move`, {
      version: 1,
      statusId: fixture.project.inProgress,
      position: 7,
    });
    expect(await get(created.id)).toMatchObject({ status: 'planning', version: 3 });
  });

  it('flags a feature with more than 8 tasks', async () => {
    const big = await unit('Big feature');
    for (let index = 0; index < 9; index += 1) await task(`Part ${index}`, { workUnitId: big.id });
    expect((await get(big.id)).warnings).toEqual([
      expect.stringMatching(/Features hold 3–8 tasks; this one has 9/),
    ]);
  });

  it('completes only when every task is done and every criterion checked, saying what is left', async () => {
    const created = await unit('Finish line', { status: 'in_progress' });
    const open = await task('Still open', {
      workUnitId: created.id,
      acceptanceCriteria: [{ text: 'loads fast' }, { text: 'works offline', checked: true }],
    });
    await task('Done already', { workUnitId: created.id, statusId: fixture.project.done });
    const refused = await patch(created.id, { version: 1, status: 'completed' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('INVALID_TRANSITION');
    expect(refused.body.error.message).toContain(open.key);
    expect(refused.body.error.details.openTasks).toEqual([
      { id: open.id, key: open.key, title: 'Still open', status: 'Todo' },
    ]);
    expect(refused.body.error.details.uncheckedCriteria).toEqual([
      { taskId: open.id, key: open.key, text: 'loads fast' },
    ]);
    await call(fixture.owner, 'POST', `/api/v1/tasks/${open.key}/move`, {
      version: 1,
      statusId: fixture.project.done,
    });
    const unchecked = await patch(created.id, { version: 1, status: 'completed' });
    expect(unchecked.status).toBe(409);
    expect(unchecked.body.error.details.openTasks).toEqual([]);
    expect(unchecked.body.error.details.uncheckedCriteria).toHaveLength(1);
    await call(fixture.owner, 'PATCH', `/api/v1/tasks/${open.key}`, {
      version: 2,
      acceptanceCriteria: [
        { text: 'loads fast', checked: true },
        { text: 'works offline', checked: true },
      ],
    });
    const completed = await patch(created.id, { version: 1, status: 'completed' });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ status: 'completed', version: 2, progress: { percentage: 100 } });
    expect(Date.parse(completed.body.completedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await patch(created.id, { version: 2, status: 'blocked' })).status).toBe(409);
    const reopened = await patch(created.id, { version: 2, status: 'in_progress' });
    expect(reopened.body).toMatchObject({ status: 'in_progress', completedAt: null });
  });
});

describe('deleting a work unit', () => {
  it('asks for confirmation, then detaches its tasks and moves its children up to its parent', async () => {
    const top = await unit('Parent');
    const doomed = await unit('Doomed', { parentWorkUnitId: top.id });
    const child = await unit('Child', { parentWorkUnitId: doomed.id });
    const held = await task('Held', { workUnitId: doomed.id });
    const unconfirmed = await call(fixture.owner, 'DELETE', `/api/v1/work-units/${doomed.slug}`);
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.error).toMatchObject({
      code: 'CONFIRMATION_REQUIRED',
      details: { id: doomed.id, detachedTasks: 1, reparentedWorkUnits: 1, newParentWorkUnitId: top.id },
    });
    expect(unconfirmed.body.error.message).toContain(top.slug);
    expect((await get(doomed.id)).id).toBe(doomed.id);
    const confirmed = await call(
      fixture.owner,
      'DELETE',
      `/api/v1/work-units/${doomed.slug}?confirm=true&version=1`,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.deleted).toMatchObject({ detachedTasks: 1, reparentedWorkUnits: 1 });
    expect((await call(fixture.owner, 'GET', `/api/v1/work-units/${doomed.id}`)).status).toBe(404);
    const heldNow = await call(fixture.owner, 'GET', `/api/v1/tasks/${held.key}`);
    expect(heldNow.body).toMatchObject({ workUnitId: null, version: 2 });
    expect(await get(child.id)).toMatchObject({ parentWorkUnitId: top.id, depth: 1, version: 2 });
    const bad = await call(fixture.owner, 'DELETE', `/api/v1/work-units/${top.id}?confirm=yes`);
    expect(bad.status).toBe(400);
  });
});
