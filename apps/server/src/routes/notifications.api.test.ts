import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWithKey } from '../testing/agents';
import type { Person } from '../testing/auth-agent';
import { type FakeSmtp, linkIn, startFakeSmtp, waitForMail } from '../testing/fake-smtp';
import { useOrganizationFixture } from '../testing/organization-fixture';
import type { Json } from '../testing/projects';

let smtp: FakeSmtp;

// Registered before the fixture, so the mail server is up when the fixture's server starts, and closed after it.
beforeAll(async () => {
  smtp = await startFakeSmtp();
});

afterAll(async () => {
  await smtp?.close();
});

const fixture = useOrganizationFixture({ agentKey: true, server: () => ({ env: { SMTP_URL: smtp.url } }) });
const { call } = fixture;

const handleOf = (person: Person) => `@${person.user.email.split('@')[0]}`;
const ok = async (person: Person, method: string, path: string, body?: unknown): Promise<Json> => {
  const answer = await call(person, method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body;
};

const newTask = (title: string) =>
  ok(fixture.owner, 'POST', `/api/v1/projects/${fixture.project.id}/tasks`, { title });
const comment = (person: Person, taskKey: string, body: string) =>
  ok(person, 'POST', `/api/v1/tasks/${taskKey}/comments`, { body });
const inbox = async (person: Person, query = ''): Promise<Json[]> =>
  (await ok(person, 'GET', `/api/v1/notifications${query}`)).items;
const unread = async (person: Person): Promise<number> =>
  (await ok(person, 'GET', '/api/v1/notifications/unread-count')).unread;
const mentionsOf = async (person: Person, commentId: string) =>
  (await inbox(person)).filter((entry) => entry.kind === 'mentioned' && entry.commentId === commentId);

describe('mentions', () => {
  it('notify each fixture.member mentioned, never the writer, and ignore unknown handles, e-mails and code', async () => {
    const task = await newTask('Mentions');
    const before = await unread(fixture.member);
    const body = `${handleOf(fixture.member)} and ${handleOf(fixture.admin)}, also ${handleOf(fixture.owner)}, @nobody, mia@example.com, \`${handleOf(fixture.member)}\``;
    const written = await comment(fixture.owner, task.key, body);
    expect(await unread(fixture.member)).toBe(before + 1);
    const [entry] = await mentionsOf(fixture.member, written.id);
    expect(entry).toMatchObject({
      kind: 'mentioned',
      actor: { type: 'user', name: 'Olive Owner' },
      taskId: task.id,
      taskKey: task.key,
      projectId: fixture.project.id,
      readAt: null,
      questionOpen: false,
    });
    expect(entry.title).toContain(task.key);
    expect(await mentionsOf(fixture.admin, written.id)).toHaveLength(1);
    expect(await mentionsOf(fixture.owner, written.id)).toHaveLength(0);
  });

  it('reach people mentioned by their name without spaces, whatever its case', async () => {
    const task = await newTask('By name');
    const written = await comment(fixture.owner, task.key, 'over to @miamember');
    expect(await mentionsOf(fixture.member, written.id)).toHaveLength(1);
  });

  it('an edit that adds a mention notifies once; further edits do not notify again', async () => {
    const task = await newTask('Edits');
    const written = await comment(fixture.owner, task.key, 'first draft');
    expect(await mentionsOf(fixture.member, written.id)).toHaveLength(0);
    const edited = await ok(fixture.owner, 'PATCH', `/api/v1/comments/${written.id}`, {
      body: `now with ${handleOf(fixture.member)}`,
      version: written.version,
    });
    expect(edited).toMatchObject({ version: 2, editedAt: expect.any(String) });
    expect(await mentionsOf(fixture.member, written.id)).toHaveLength(1);
    await ok(fixture.owner, 'PATCH', `/api/v1/comments/${written.id}`, {
      body: `again ${handleOf(fixture.member)}!`,
    });
    expect(await mentionsOf(fixture.member, written.id)).toHaveLength(1);
  });

  it('from an agent comment (REST with a key) notify the person', async () => {
    const task = await newTask('Agent says');
    const answer = await sendWithKey(
      fixture.server,
      fixture.agentKey,
      'POST',
      `/api/v1/tasks/${task.key}/comments`,
      {
        body: `${handleOf(fixture.member)} the build is green`,
      },
    );
    expect(answer.status).toBe(201);
    const [entry] = await mentionsOf(fixture.member, answer.body.id);
    expect(entry?.actor).toEqual({ type: 'agent', name: 'backend-dev' });
  });

  it('are mailed with a link to the task when SMTP is configured', async () => {
    const task = await newTask('Mail me');
    await comment(fixture.owner, task.key, `${handleOf(fixture.admin)} please read`);
    const mail = await waitForMail(
      smtp,
      (entry) => entry.to.includes(fixture.admin.user.email) && entry.text.includes(task.key),
    );
    expect(linkIn(mail, '/tasks/')).toBe(
      `${fixture.server.env.APP_URL}/dashboard/projects/${fixture.project.id}/tasks/${task.key}`,
    );
  });
});

describe('the inbox', () => {
  it('is private: another fixture.member and an fixture.outsider get 404 for an entry, and never list it', async () => {
    const task = await newTask('Private');
    const written = await comment(fixture.owner, task.key, `${handleOf(fixture.member)} just you`);
    const [entry] = await mentionsOf(fixture.member, written.id);
    for (const other of [fixture.owner, fixture.admin, fixture.outsider]) {
      const read = await call(other, 'POST', `/api/v1/notifications/${entry.id}/read`);
      expect(read.status).toBe(404);
      expect(read.body.error.code).toBe('NOT_FOUND');
      expect((await inbox(other)).map((item) => item.id)).not.toContain(entry.id);
    }
    expect(await inbox(fixture.outsider)).toEqual([]);
    expect(await unread(fixture.outsider)).toBe(0);
  });

  it.each([
    ['owner', () => fixture.owner, () => fixture.admin],
    ['admin', () => fixture.admin, () => fixture.owner],
    ['member', () => fixture.member, () => fixture.owner],
  ] as const)('%s lists, filters, counts and marks read their own entries', async (_role, reader, writer) => {
    const task = await newTask('Reading');
    const written = await comment(writer(), task.key, `${handleOf(reader())} look`);
    const [entry] = await mentionsOf(reader(), written.id);
    const count = await unread(reader());
    expect(count).toBeGreaterThan(0);
    expect((await inbox(reader(), '?unread=true')).map((item) => item.id)).toContain(entry.id);

    const read = await ok(reader(), 'POST', `/api/v1/notifications/${entry.id}/read`);
    expect(read).toMatchObject({ id: entry.id, readAt: expect.any(String) });
    expect(await unread(reader())).toBe(count - 1);
    expect((await inbox(reader(), '?unread=true')).map((item) => item.id)).not.toContain(entry.id);
    expect((await inbox(reader(), '?unread=false')).map((item) => item.id)).toContain(entry.id);
    // Marking again is harmless and keeps the first time.
    expect((await ok(reader(), 'POST', `/api/v1/notifications/${entry.id}/read`)).readAt).toBe(read.readAt);
  });

  it('pages newest first with a cursor', async () => {
    const task = await newTask('Pages');
    for (const word of ['one', 'two', 'three']) {
      await comment(fixture.owner, task.key, `${handleOf(fixture.admin)} ${word}`);
    }
    const first = await ok(fixture.admin, 'GET', '/api/v1/notifications?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.items[0].summary).toContain('three');
    expect(first.items[1].summary).toContain('two');
    const second = await ok(fixture.admin, 'GET', `/api/v1/notifications?limit=2&cursor=${first.nextCursor}`);
    expect(second.items[0].summary).toContain('one');
  });

  it('marks everything read at once', async () => {
    const task = await newTask('All read');
    await comment(fixture.owner, task.key, `${handleOf(fixture.member)} a`);
    expect(await unread(fixture.member)).toBeGreaterThan(0);
    const done = await ok(fixture.member, 'POST', '/api/v1/notifications/read-all');
    expect(done.marked).toBeGreaterThan(0);
    expect(await unread(fixture.member)).toBe(0);
    expect((await ok(fixture.member, 'POST', '/api/v1/notifications/read-all')).marked).toBe(0);
  });

  it('refuses bad queries with field errors', async () => {
    for (const query of ['?unread=maybe', '?limit=0', '?cursor=%20bad%20', '?cursor=abc', '?extra=1']) {
      const answer = await call(fixture.member, 'GET', `/api/v1/notifications${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('belongs to people: an API key is refused', async () => {
    const answer = await sendWithKey(fixture.server, fixture.agentKey, 'GET', '/api/v1/notifications');
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('FORBIDDEN');
  });

  it('needs a session', async () => {
    const response = await fixture.server.fetch('/api/v1/notifications/unread-count');
    expect(response.status).toBe(401);
  });
});

describe('task notifications', () => {
  const kindsFor = async (person: Person, taskId: string) =>
    (await inbox(person)).filter((entry) => entry.taskId === taskId).map((entry) => entry.kind);

  it('assigning a person tells them, unless they assigned themselves', async () => {
    const task = await newTask('Assign me');
    await ok(fixture.owner, 'PATCH', `/api/v1/tasks/${task.key}`, {
      assigneeUserId: fixture.member.user.id,
      version: 1,
    });
    expect(await kindsFor(fixture.member, task.id)).toEqual(['assigned']);
    const [entry] = await inbox(fixture.member);
    expect(entry?.title).toBe(`Olive Owner assigned you ${task.key}: Assign me`);

    const own = await newTask('Mine');
    await ok(fixture.admin, 'PATCH', `/api/v1/tasks/${own.key}`, {
      assigneeUserId: fixture.admin.user.id,
      version: 1,
    });
    expect(await kindsFor(fixture.admin, own.id)).toEqual([]);
  });

  it('a task created by a person tells them when someone else moves it into review and done', async () => {
    const task = await ok(fixture.member, 'POST', `/api/v1/projects/${fixture.project.id}/tasks`, {
      title: 'Watch me',
    });
    await ok(fixture.owner, 'POST', `/api/v1/tasks/${task.key}/move`, {
      statusId: fixture.project.inProgress,
      version: 1,
    });
    expect(await kindsFor(fixture.member, task.id)).toEqual([]);
    await ok(fixture.owner, 'POST', `/api/v1/tasks/${task.key}/move`, {
      statusId: fixture.project.review,
      version: 2,
    });
    await ok(fixture.owner, 'POST', `/api/v1/tasks/${task.key}/move`, {
      statusId: fixture.project.done,
      version: 3,
    });
    expect(await kindsFor(fixture.member, task.id)).toEqual(['task_done', 'task_review']);

    // Moving one's own task tells nobody.
    const own = await ok(fixture.member, 'POST', `/api/v1/projects/${fixture.project.id}/tasks`, {
      title: 'Quiet',
    });
    await ok(fixture.member, 'POST', `/api/v1/tasks/${own.key}/move`, {
      statusId: fixture.project.done,
      version: 1,
    });
    expect(await kindsFor(fixture.member, own.id)).toEqual([]);
  });
});
