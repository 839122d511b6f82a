import { beforeAll, describe, expect, it } from 'vitest';
import { createAgentProfile } from '../testing/agents';
import { signUp } from '../testing/auth-agent';
import { useOrganizationFixture } from '../testing/organization-fixture';
import {
  createProject,
  createTask,
  type Json,
  joinOrganizationOf,
  type TestProject,
} from '../testing/projects';

// Dialect-sensitive: parallel writers (one version, new keys) and ordering by position under the cluster's
// collation.

const fixture = useOrganizationFixture();
const { call } = fixture;

beforeAll(async () => {
  // Assignees are agent profiles of the organization.
  await createAgentProfile(fixture.server, fixture.owner, 'backend-dev');
  await createAgentProfile(fixture.server, fixture.owner, 'frontend-dev');
});

const task = (
  title: string,
  extra: Record<string, unknown> = {},
  project = fixture.project,
  person = fixture.owner,
) => createTask(fixture.server, person, project, title, extra);

const list = async (project: TestProject, query = '') =>
  (await call(fixture.owner, 'GET', `/api/v1/projects/${project.id}/tasks${query}`)).body;

describe('creating and reading tasks', () => {
  it('needs only a title: key, first todo status, last position, version 1', async () => {
    const project = await createProject(fixture.server, fixture.owner, 'NEW');
    const first = await task('Write the parser', {}, project);
    const second = await task('Test the parser', {}, project);
    expect(first).toMatchObject({
      key: 'NEW-1',
      number: 1,
      statusId: project.todo,
      position: 1,
      version: 1,
      priority: 'medium',
      assignee: null,
      workUnitId: null,
      acceptanceCriteria: [],
      blockedBy: [],
      claim: null,
      usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 },
      devInfo: {},
    });
    expect(second).toMatchObject({ key: 'NEW-2', position: 2 });
    for (const reference of [first.id, 'NEW-1', 'new-1']) {
      const read = await call(fixture.owner, 'GET', `/api/v1/tasks/${reference}`);
      expect(read.status, reference).toBe(200);
      expect(read.body).toEqual(first);
    }
    const log = await call(fixture.owner, 'GET', `/api/v1/activity?entityId=${first.id}`);
    expect(log.body.items).toEqual([
      expect.objectContaining({ action: 'task.created', entity: 'task', data: { version: 1, task: first } }),
    ]);
  });

  it('takes every field on creation, blockers by id or key, and the work unit by slug', async () => {
    const unit = (
      await call(fixture.owner, 'POST', `/api/v1/projects/${fixture.project.id}/work-units`, {
        title: 'Full',
      })
    ).body;
    const blocker = await task('Blocker');
    const full = await task('Full task', {
      description: '# Heading\n\nmarkdown',
      workUnitId: unit.slug.toLowerCase(),
      assignee: 'backend-dev',
      acceptanceCriteria: [{ text: 'works' }, { text: 'fast', checked: true }],
      statusId: fixture.project.review,
      position: 0.5,
      priority: 'high',
      blockedBy: [blocker.key, blocker.id],
      devInfo: { notes: 'from the CLI' },
    });
    expect(full).toMatchObject({
      workUnitId: unit.id,
      assignee: 'backend-dev',
      acceptanceCriteria: [
        { text: 'works', checked: false },
        { text: 'fast', checked: true },
      ],
      statusId: fixture.project.review,
      position: 0.5,
      priority: 'high',
      blockedBy: [blocker.id],
      devInfo: { notes: 'from the CLI' },
    });
  });

  it('refuses bad input with the zod issues, unknown fields and foreign references', async () => {
    const bad = await call(fixture.owner, 'POST', `/api/v1/projects/${fixture.project.id}/tasks`, {
      title: ' ',
      assignee: 'no spaces please',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(bad.body.error.details.map((issue: Json) => issue.path[0]).sort()).toEqual(['assignee', 'title']);
    expect(
      (
        await call(fixture.owner, 'POST', `/api/v1/projects/${fixture.project.id}/tasks`, {
          title: 'X',
          tags: ['a'],
        })
      ).status,
    ).toBe(400);
    const other = await createProject(fixture.server, fixture.owner, 'FAR');
    const farTask = await task('Far away', {}, other);
    const farUnit = (
      await call(fixture.owner, 'POST', `/api/v1/projects/${other.id}/work-units`, { title: 'Far' })
    ).body;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ statusId: other.todo }, 404, 'STATUS_NOT_FOUND'],
      [{ workUnitId: farUnit.id }, 404, 'WORK_UNIT_NOT_FOUND'],
      [{ blockedBy: [farTask.id] }, 404, 'TASK_NOT_FOUND'],
      [{ blockedBy: [farTask.key] }, 404, 'TASK_NOT_FOUND'],
    ];
    for (const [extra, status, code] of cases) {
      const answer = await call(fixture.owner, 'POST', `/api/v1/projects/${fixture.project.id}/tasks`, {
        title: 'Refused',
        ...extra,
      });
      expect(answer.status, JSON.stringify(extra)).toBe(status);
      expect(answer.body.error.code).toBe(code);
    }
    expect(
      (await call(fixture.owner, 'GET', `/api/v1/projects/${fixture.project.id}/tasks?colour=red`)).status,
    ).toBe(400);
    expect(
      (await call(fixture.owner, 'GET', `/api/v1/projects/${fixture.project.id}/tasks?cursor=nonsense`))
        .status,
    ).toBe(400);
  });
});

describe('changing tasks', () => {
  it('updates with the version read; a stale version gets 409 with the current one', async () => {
    const created = await task('Versioned');
    const first = await call(fixture.owner, 'PATCH', `/api/v1/tasks/${created.key}`, {
      version: 1,
      title: 'Renamed',
      assignee: 'frontend-dev',
      devInfo: { filesChanged: ['a.ts'] },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ title: 'Renamed', assignee: 'frontend-dev', version: 2 });
    for (const [method, path, body] of [
      ['PATCH', `/api/v1/tasks/${created.key}`, { version: 1, title: 'Lost' }],
      ['POST', `/api/v1/tasks/${created.key}/move`, { version: 1, statusId: fixture.project.done }],
      ['DELETE', `/api/v1/tasks/${created.key}?version=1`],
    ] as const) {
      const stale = await call(fixture.owner, method, path, body);
      expect(stale.status, method).toBe(409);
      expect(stale.body.error).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 2 } });
    }
    const log = await call(fixture.owner, 'GET', `/api/v1/activity?entityId=${created.id}`);
    expect(log.body.items.map((item: Json) => item.action)).toEqual(['task.updated', 'task.created']);
    expect(log.body.items[0].data).toMatchObject({
      version: 2,
      task: first.body,
      fields: ['title', 'assignee', 'devInfo'],
    });
    // Words for people: each field with its old and new value, not the field names.
    expect(log.body.items[0].summary).toBe(
      `updated ${created.key}: title "Versioned" → "Renamed"; assignee nobody → frontend-dev; dev info updated`,
    );
  });

  it('moves between columns: to the end when unplaced, to a fractional place when placed', async () => {
    const project = await createProject(fixture.server, fixture.owner, 'MOV');
    const [a, b, c] = [
      await task('A', {}, project),
      await task('B', {}, project),
      await task('C', {}, project),
    ];
    const toEnd = await call(fixture.owner, 'POST', `/api/v1/tasks/${a.key}/move`, {
      version: 1,
      statusId: project.inProgress,
    });
    expect(toEnd.body).toMatchObject({ statusId: project.inProgress, position: 1, version: 2 });
    const second = await call(fixture.owner, 'POST', `/api/v1/tasks/${b.key}/move`, {
      version: 1,
      statusId: project.inProgress,
    });
    expect(second.body.position).toBe(2);
    const between = await call(fixture.owner, 'POST', `/api/v1/tasks/${c.id}/move`, {
      version: 1,
      statusId: project.inProgress,
      position: 1.5,
    });
    expect(between.body.position).toBe(1.5);
    const column = await list(project, `?statusId=${project.inProgress}`);
    expect(column.items.map((item: Json) => item.key)).toEqual([a.key, c.key, b.key]);
    const foreign = await call(fixture.owner, 'POST', `/api/v1/tasks/${a.key}/move`, {
      version: 2,
      statusId: fixture.project.done,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('STATUS_NOT_FOUND');
    const log = await call(fixture.owner, 'GET', `/api/v1/activity?entityId=${a.id}`);
    expect(log.body.items[0]).toMatchObject({
      action: 'task.moved',
      summary: `moved ${a.key} from Todo to In Progress`,
      data: { version: 2, fromStatusId: project.todo, toStatusId: project.inProgress, task: toEnd.body },
    });
  });

  it('refuses a task blocking itself or a blocking cycle', async () => {
    const first = await task('First');
    const second = await task('Second', { blockedBy: [first.key] });
    const self = await call(fixture.owner, 'PATCH', `/api/v1/tasks/${first.key}`, {
      version: 1,
      blockedBy: [first.key],
    });
    expect(self.status).toBe(400);
    expect(self.body.error.details[0].path).toEqual(['blockedBy']);
    const cycle = await call(fixture.owner, 'PATCH', `/api/v1/tasks/${first.key}`, {
      version: 1,
      blockedBy: [second.id],
    });
    expect(cycle.status).toBe(422);
    expect(cycle.body.error.code).toBe('CYCLE_NOT_ALLOWED');
  });

  it('deletes a task; tasks that waited for it stop waiting', async () => {
    const doomed = await task('Doomed');
    const waiting = await task('Waiting', { blockedBy: [doomed.id] });
    await call(fixture.owner, 'POST', `/api/v1/tasks/${doomed.key}/comments`, { body: 'going away' });
    const deleted = await call(fixture.owner, 'DELETE', `/api/v1/tasks/${doomed.key}?version=1`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toEqual({ id: doomed.id, key: doomed.key, unblocked: 1 });
    expect((await call(fixture.owner, 'GET', `/api/v1/tasks/${doomed.id}`)).status).toBe(404);
    expect((await call(fixture.owner, 'GET', `/api/v1/tasks/${doomed.id}/comments`)).status).toBe(404);
    expect((await call(fixture.owner, 'GET', `/api/v1/tasks/${waiting.key}`)).body).toMatchObject({
      blockedBy: [],
      version: 2,
    });
    const log = await call(fixture.owner, 'GET', `/api/v1/activity?entityId=${doomed.id}`);
    expect(log.body.items[0]).toMatchObject({ action: 'task.deleted', data: { task: { id: doomed.id } } });
  });
});

describe('listing tasks', () => {
  let project: TestProject;
  let keys: Record<string, string>;

  beforeAll(async () => {
    project = await createProject(fixture.server, fixture.owner, 'LST');
    const unit = (
      await call(fixture.owner, 'POST', `/api/v1/projects/${project.id}/work-units`, { title: 'Unit' })
    ).body;
    const made = [
      await task(
        'Parse the config',
        { assignee: 'backend-dev', priority: 'high', workUnitId: unit.id },
        project,
      ),
      await task(
        'Render the board',
        { assignee: 'Frontend-Dev', description: 'Use 100% width_please' },
        project,
      ),
      await task('Config docs', { priority: 'low', statusId: project.done }, project),
      await task(
        'Stream events',
        { assignee: 'backend-dev', workUnitId: unit.id, statusId: project.inProgress },
        project,
      ),
      await task('Bench it', { priority: 'high' }, project),
    ];
    keys = Object.fromEntries(made.map((item: Json) => [item.title, item.key]));
  });

  const titles = (page: Json) => page.items.map((item: Json) => item.title);

  it('orders by status then position', async () => {
    expect(titles(await list(project))).toEqual([
      'Parse the config',
      'Render the board',
      'Bench it',
      'Stream events',
      'Config docs',
    ]);
  });

  it('filters by status, assignee (any case), priority, work unit (id or slug) and search', async () => {
    expect(titles(await list(project, `?statusId=${project.done}`))).toEqual(['Config docs']);
    expect(titles(await list(project, '?assignee=BACKEND-DEV'))).toEqual([
      'Parse the config',
      'Stream events',
    ]);
    expect(titles(await list(project, '?assignee=frontend-dev'))).toEqual(['Render the board']);
    expect(titles(await list(project, '?priority=high'))).toEqual(['Parse the config', 'Bench it']);
    expect(titles(await list(project, '?workUnitId=lst-wu-1'))).toEqual([
      'Parse the config',
      'Stream events',
    ]);
    expect(titles(await list(project, '?workUnitId=OTHER-WU-1'))).toEqual([]);
    expect(titles(await list(project, '?search=CONFIG'))).toEqual(['Parse the config', 'Config docs']);
    expect(titles(await list(project, `?search=${keys['Bench it']?.toLowerCase()}`))).toEqual(['Bench it']);
    expect(titles(await list(project, `?search=${encodeURIComponent('100% width_')}`))).toEqual([
      'Render the board',
    ]);
    expect(titles(await list(project, `?search=${encodeURIComponent('%')}`))).toEqual(['Render the board']);
    expect(titles(await list(project, '?priority=high&assignee=backend-dev'))).toEqual(['Parse the config']);
  });

  it('pages with a cursor, never skipping or repeating', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(project, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...titles(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(titles(await list(project)));
  });
});

describe('organization scoping', () => {
  it("answers 404 for another organization's tasks, by id and by key, on every route", async () => {
    const secret = await task('Secret');
    for (const reference of [secret.id, secret.key]) {
      for (const [method, path, body] of [
        ['GET', `/api/v1/tasks/${reference}`],
        ['PATCH', `/api/v1/tasks/${reference}`, { version: 1, title: 'Pwned' }],
        ['DELETE', `/api/v1/tasks/${reference}`],
        ['POST', `/api/v1/tasks/${reference}/move`, { version: 1, statusId: fixture.project.done }],
        ['GET', `/api/v1/tasks/${reference}/comments`],
        ['POST', `/api/v1/tasks/${reference}/comments`, { body: 'hi' }],
      ] as const) {
        const answer = await call(fixture.outsider, method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body.error.code).toBe('TASK_NOT_FOUND');
      }
    }
    for (const [method, body] of [['GET'], ['POST', { title: 'Intruder' }]] as const) {
      const answer = await call(
        fixture.outsider,
        method,
        `/api/v1/projects/${fixture.project.id}/tasks`,
        body,
      );
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('PROJECT_NOT_FOUND');
    }
    expect((await call(fixture.owner, 'GET', `/api/v1/tasks/${secret.key}`)).body).toEqual(secret);
  });

  it('lets a member of the same organization read and write tasks and comments', async () => {
    const bob = await signUp(fixture.server, 'Bob');
    await joinOrganizationOf(fixture.owner, bob, 'member');
    const mine = await task('Shared');
    expect((await call(bob, 'GET', `/api/v1/tasks/${mine.key}`)).body.id).toBe(mine.id);
    const edited = await call(bob, 'PATCH', `/api/v1/tasks/${mine.key}`, { version: 1, priority: 'high' });
    expect(edited.status).toBe(200);
    const moved = await call(bob, 'POST', `/api/v1/tasks/${mine.key}/move`, {
      version: 2,
      statusId: fixture.project.review,
    });
    expect(moved.status).toBe(200);
    const own = await task('Bob made this', {}, fixture.project, bob);
    expect(own.key).toMatch(/^SWB-\d+$/);
    const comment = await call(bob, 'POST', `/api/v1/tasks/${mine.key}/comments`, { body: 'On it' });
    expect(comment.body.author).toEqual({ type: 'user', id: bob.user.id, name: 'Bob' });
    expect((await call(bob, 'DELETE', `/api/v1/tasks/${own.key}`)).status).toBe(200);
  });
});

describe('comments', () => {
  it('posts as the acting user, lists oldest first and records comment.created', async () => {
    const target = await task('Discussed');
    const first = await call(fixture.owner, 'POST', `/api/v1/tasks/${target.key}/comments`, {
      body: 'First **thought**',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      taskId: target.id,
      body: 'First **thought**',
      author: { type: 'user', id: fixture.owner.user.id, name: 'Olive Owner' },
    });
    await call(fixture.owner, 'POST', `/api/v1/tasks/${target.id}/comments`, { body: 'Second' });
    const thread = await call(fixture.owner, 'GET', `/api/v1/tasks/${target.key.toLowerCase()}/comments`);
    expect(thread.body.items.map((item: Json) => item.body)).toEqual(['First **thought**', 'Second']);
    const log = await call(fixture.owner, 'GET', `/api/v1/activity?entityId=${first.body.id}`);
    expect(log.body.items[0]).toMatchObject({
      action: 'comment.created',
      entity: 'comment',
      data: { taskId: target.id, comment: first.body },
    });
    const empty = await call(fixture.owner, 'POST', `/api/v1/tasks/${target.key}/comments`, { body: '   ' });
    expect(empty.status).toBe(400);
    const extra = await call(fixture.owner, 'POST', `/api/v1/tasks/${target.key}/comments`, {
      body: 'x',
      pinned: true,
    });
    expect(extra.status).toBe(400);
  });
});

describe('concurrency', () => {
  it('50 parallel PATCHes with one version: exactly one wins, 49 get 409 with the new version', async () => {
    const contested = await task('Contested');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call(fixture.owner, 'PATCH', `/api/v1/tasks/${contested.id}`, {
          version: 1,
          title: `Writer ${index}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const answer of answers.filter((item) => item.status === 409)) {
      expect(answer.body.error.details).toEqual({ currentVersion: 2 });
    }
    const final = await call(fixture.owner, 'GET', `/api/v1/tasks/${contested.id}`);
    const winner = answers.find((answer) => answer.status === 200);
    expect(final.body).toMatchObject({ version: 2, title: winner?.body.title });
  });

  it('30 parallel creations get KEY-1..KEY-30, no duplicate', async () => {
    const project = await createProject(fixture.server, fixture.owner, 'PAR');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        call(fixture.owner, 'POST', `/api/v1/projects/${project.id}/tasks`, { title: `Parallel ${index}` }),
      ),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const keys = answers.map((answer) => answer.body.key as string);
    expect(new Set(keys).size).toBe(30);
    expect(keys.sort((x, y) => Number(x.split('-')[1]) - Number(y.split('-')[1]))).toEqual(
      Array.from({ length: 30 }, (_, index) => `PAR-${index + 1}`),
    );
    const positions = answers.map((answer) => answer.body.position as number);
    expect(new Set(positions).size).toBe(30);
  });
});
