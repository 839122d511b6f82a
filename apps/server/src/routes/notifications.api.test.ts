import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentProfile, createApiKey, sendWithKey } from '../testing/agents';
import { type Person, signUp } from '../testing/auth-agent';
import { type FakeSmtp, linkIn, startFakeSmtp, waitForMail } from '../testing/fake-smtp';
import { startTestServer, type TestServer } from '../testing/harness';
import { caller, createProject, type Json, joinOrganizationOf, type TestProject } from '../testing/projects';

let server: TestServer;
let smtp: FakeSmtp;
let call: ReturnType<typeof caller>;
let owner: Person;
let admin: Person;
let member: Person;
let outsider: Person;
let swb: TestProject;
let agentKey: string;

const handleOf = (person: Person) => `@${person.user.email.split('@')[0]}`;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  call = caller(server);
  owner = await signUp(server, 'Olive Owner');
  admin = await signUp(server, 'Adam Admin');
  member = await signUp(server, 'Mia Member');
  outsider = await signUp(server, 'Otto Outsider');
  await joinOrganizationOf(owner, admin, 'admin');
  await joinOrganizationOf(owner, member, 'member');
  swb = await createProject(server, owner, 'SWB');
  await createProject(server, outsider, 'OUT');
  await createAgentProfile(server, owner, 'backend-dev');
  agentKey = (await createApiKey(owner, { name: 'builder', agentName: 'backend-dev' })).key;
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const ok = async (person: Person, method: string, path: string, body?: unknown): Promise<Json> => {
  const answer = await call(person, method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body;
};

const newTask = (title: string) => ok(owner, 'POST', `/api/v1/projects/${swb.id}/tasks`, { title });
const comment = (person: Person, taskKey: string, body: string) =>
  ok(person, 'POST', `/api/v1/tasks/${taskKey}/comments`, { body });
const inbox = async (person: Person, query = ''): Promise<Json[]> =>
  (await ok(person, 'GET', `/api/v1/notifications${query}`)).items;
const unread = async (person: Person): Promise<number> =>
  (await ok(person, 'GET', '/api/v1/notifications/unread-count')).unread;
const mentionsOf = async (person: Person, commentId: string) =>
  (await inbox(person)).filter((entry) => entry.kind === 'mentioned' && entry.commentId === commentId);

describe('mentions', () => {
  it('notify each member mentioned, never the writer, and ignore unknown handles, e-mails and code', async () => {
    const task = await newTask('Mentions');
    const before = await unread(member);
    const body = `${handleOf(member)} and ${handleOf(admin)}, also ${handleOf(owner)}, @nobody, mia@example.com, \`${handleOf(member)}\``;
    const written = await comment(owner, task.key, body);
    expect(await unread(member)).toBe(before + 1);
    const [entry] = await mentionsOf(member, written.id);
    expect(entry).toMatchObject({
      kind: 'mentioned',
      actor: { type: 'user', name: 'Olive Owner' },
      taskId: task.id,
      taskKey: task.key,
      projectId: swb.id,
      readAt: null,
      questionOpen: false,
    });
    expect(entry.title).toContain(task.key);
    expect(await mentionsOf(admin, written.id)).toHaveLength(1);
    expect(await mentionsOf(owner, written.id)).toHaveLength(0);
  });

  it('reach people mentioned by their name without spaces, whatever its case', async () => {
    const task = await newTask('By name');
    const written = await comment(owner, task.key, 'over to @miamember');
    expect(await mentionsOf(member, written.id)).toHaveLength(1);
  });

  it('an edit that adds a mention notifies once; further edits do not notify again', async () => {
    const task = await newTask('Edits');
    const written = await comment(owner, task.key, 'first draft');
    expect(await mentionsOf(member, written.id)).toHaveLength(0);
    const edited = await ok(owner, 'PATCH', `/api/v1/comments/${written.id}`, {
      body: `now with ${handleOf(member)}`,
      version: written.version,
    });
    expect(edited).toMatchObject({ version: 2, editedAt: expect.any(String) });
    expect(await mentionsOf(member, written.id)).toHaveLength(1);
    await ok(owner, 'PATCH', `/api/v1/comments/${written.id}`, { body: `again ${handleOf(member)}!` });
    expect(await mentionsOf(member, written.id)).toHaveLength(1);
  });

  it('from an agent comment (REST with a key) notify the person', async () => {
    const task = await newTask('Agent says');
    const answer = await sendWithKey(server, agentKey, 'POST', `/api/v1/tasks/${task.key}/comments`, {
      body: `${handleOf(member)} the build is green`,
    });
    expect(answer.status).toBe(201);
    const [entry] = await mentionsOf(member, answer.body.id);
    expect(entry?.actor).toEqual({ type: 'agent', name: 'backend-dev' });
  });

  it('are mailed with a link to the task when SMTP is configured', async () => {
    const task = await newTask('Mail me');
    await comment(owner, task.key, `${handleOf(admin)} please read`);
    const mail = await waitForMail(
      smtp,
      (entry) => entry.to.includes(admin.user.email) && entry.text.includes(task.key),
    );
    expect(linkIn(mail, '/tasks/')).toBe(
      `${server.env.APP_URL}/dashboard/projects/${swb.id}/tasks/${task.key}`,
    );
  });
});

describe('the inbox', () => {
  it('is private: another member and an outsider get 404 for an entry, and never list it', async () => {
    const task = await newTask('Private');
    const written = await comment(owner, task.key, `${handleOf(member)} just you`);
    const [entry] = await mentionsOf(member, written.id);
    for (const other of [owner, admin, outsider]) {
      const read = await call(other, 'POST', `/api/v1/notifications/${entry.id}/read`);
      expect(read.status).toBe(404);
      expect(read.body.error.code).toBe('NOT_FOUND');
      expect((await inbox(other)).map((item) => item.id)).not.toContain(entry.id);
    }
    expect(await inbox(outsider)).toEqual([]);
    expect(await unread(outsider)).toBe(0);
  });

  it.each([
    ['owner', () => owner, () => admin],
    ['admin', () => admin, () => owner],
    ['member', () => member, () => owner],
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
      await comment(owner, task.key, `${handleOf(admin)} ${word}`);
    }
    const first = await ok(admin, 'GET', '/api/v1/notifications?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.items[0].summary).toContain('three');
    expect(first.items[1].summary).toContain('two');
    const second = await ok(admin, 'GET', `/api/v1/notifications?limit=2&cursor=${first.nextCursor}`);
    expect(second.items[0].summary).toContain('one');
  });

  it('marks everything read at once', async () => {
    const task = await newTask('All read');
    await comment(owner, task.key, `${handleOf(member)} a`);
    expect(await unread(member)).toBeGreaterThan(0);
    const done = await ok(member, 'POST', '/api/v1/notifications/read-all');
    expect(done.marked).toBeGreaterThan(0);
    expect(await unread(member)).toBe(0);
    expect((await ok(member, 'POST', '/api/v1/notifications/read-all')).marked).toBe(0);
  });

  it('refuses bad queries with field errors', async () => {
    for (const query of ['?unread=maybe', '?limit=0', '?cursor=%20bad%20', '?cursor=abc', '?extra=1']) {
      const answer = await call(member, 'GET', `/api/v1/notifications${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('belongs to people: an API key is refused', async () => {
    const answer = await sendWithKey(server, agentKey, 'GET', '/api/v1/notifications');
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('FORBIDDEN');
  });

  it('needs a session', async () => {
    const response = await server.fetch('/api/v1/notifications/unread-count');
    expect(response.status).toBe(401);
  });
});

describe('task notifications', () => {
  const kindsFor = async (person: Person, taskId: string) =>
    (await inbox(person)).filter((entry) => entry.taskId === taskId).map((entry) => entry.kind);

  it('assigning a person tells them, unless they assigned themselves', async () => {
    const task = await newTask('Assign me');
    await ok(owner, 'PATCH', `/api/v1/tasks/${task.key}`, { assigneeUserId: member.user.id, version: 1 });
    expect(await kindsFor(member, task.id)).toEqual(['assigned']);
    const [entry] = await inbox(member);
    expect(entry?.title).toBe(`Olive Owner assigned you ${task.key}: Assign me`);

    const own = await newTask('Mine');
    await ok(admin, 'PATCH', `/api/v1/tasks/${own.key}`, { assigneeUserId: admin.user.id, version: 1 });
    expect(await kindsFor(admin, own.id)).toEqual([]);
  });

  it('a task created by a person tells them when someone else moves it into review and done', async () => {
    const task = await ok(member, 'POST', `/api/v1/projects/${swb.id}/tasks`, { title: 'Watch me' });
    await ok(owner, 'POST', `/api/v1/tasks/${task.key}/move`, { statusId: swb.inProgress, version: 1 });
    expect(await kindsFor(member, task.id)).toEqual([]);
    await ok(owner, 'POST', `/api/v1/tasks/${task.key}/move`, { statusId: swb.review, version: 2 });
    await ok(owner, 'POST', `/api/v1/tasks/${task.key}/move`, { statusId: swb.done, version: 3 });
    expect(await kindsFor(member, task.id)).toEqual(['task_done', 'task_review']);

    // Moving one's own task tells nobody.
    const own = await ok(member, 'POST', `/api/v1/projects/${swb.id}/tasks`, { title: 'Quiet' });
    await ok(member, 'POST', `/api/v1/tasks/${own.key}/move`, { statusId: swb.done, version: 1 });
    expect(await kindsFor(member, own.id)).toEqual([]);
  });
});
