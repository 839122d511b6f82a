import { beforeAll, describe, expect, it } from 'vitest';
import { createAgentProfile, createApiKey, sendWithKey } from '../testing/agents';
import { type Person, signUp } from '../testing/auth-agent';
import { useOrganizationFixture, WRITER_ROLES } from '../testing/organization-fixture';
import { createProject, createTask, type Json, joinOrganizationOf } from '../testing/projects';

// Dialect-sensitive: assignments race a profile's deletion, and only on PostgreSQL do their transactions
// overlap.

const fixture = useOrganizationFixture();
const { call } = fixture;
/** Holds both roles at once: managing profiles must follow the admin in it, not the member. */
let adminMember: Person;

beforeAll(async () => {
  adminMember = await signUp(fixture.server, 'Abe Both');
  await joinOrganizationOf(fixture.owner, adminMember, 'admin,member');
});

const MANAGERS = [
  ...WRITER_ROLES.map((role) => [role, () => fixture[role]] as const),
  ['admin,member', () => adminMember] as const,
];

const task = (title: string, extra: Record<string, unknown> = {}, project = fixture.project) =>
  createTask(fixture.server, fixture.owner, project, title, extra);

describe('agent profiles', () => {
  it.each(MANAGERS)('%s creates, reads, updates and deletes a profile', async (role, person) => {
    const { owner } = fixture;
    const name = `${role.replace(',', '-')}-agent`;
    const created = await call(person(), 'POST', '/api/v1/agents', {
      name,
      description: 'Writes the server',
      instructions: '# Backend\n\nRun the tests before pushing.',
      model: 'claude-sonnet-4-5',
      tools: ['Bash', 'Edit'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name,
      description: 'Writes the server',
      instructions: '# Backend\n\nRun the tests before pushing.',
      model: 'claude-sonnet-4-5',
      tools: ['Bash', 'Edit'],
      version: 1,
    });
    expect((await call(person(), 'GET', `/api/v1/agents/${name.toUpperCase()}`)).body).toEqual(created.body);
    const updated = await call(person(), 'PATCH', `/api/v1/agents/${name}`, {
      version: 1,
      model: null,
      tools: [],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name, model: null, tools: [], version: 2 });
    const deleted = await call(person(), 'DELETE', `/api/v1/agents/${name}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: { name, unassignedTasks: 0, revokedKeys: 0 } });
    expect((await call(person(), 'GET', `/api/v1/agents/${name}`)).status).toBe(404);
    const log = await call(owner, 'GET', `/api/v1/activity?entityId=${created.body.id}`);
    expect(log.body.items.map((item: Json) => [item.action, item.entity, item.actor.type])).toEqual([
      ['agent_profile.deleted', 'agent_profile', 'user'],
      ['agent_profile.updated', 'agent_profile', 'user'],
      ['agent_profile.created', 'agent_profile', 'user'],
    ]);
    expect(log.body.items[1].data).toMatchObject({ version: 2, fields: ['model', 'tools'] });
  });

  it('members (and agents) read profiles but cannot manage them', async () => {
    const { server, owner, member } = fixture;
    const profile = await createAgentProfile(server, owner, 'reader-check');
    expect((await call(member, 'GET', '/api/v1/agents')).body.items).toContainEqual(profile);
    expect((await call(member, 'GET', '/api/v1/agents/reader-check')).body).toEqual(profile);
    for (const [method, path, body] of [
      ['POST', '/api/v1/agents', { name: 'sneaky' }],
      ['PATCH', '/api/v1/agents/reader-check', { version: 1, description: 'changed' }],
      ['DELETE', '/api/v1/agents/reader-check', undefined],
    ] as const) {
      const answer = await call(member, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.error.code).toBe('FORBIDDEN');
    }
    const key = await createApiKey(member, { name: 'Member agent', agentName: 'reader-check' });
    expect((await sendWithKey(server, key.key, 'GET', '/api/v1/agents/reader-check')).status).toBe(200);
    expect(
      (
        await sendWithKey(server, key.key, 'PATCH', '/api/v1/agents/reader-check', {
          version: 1,
          description: 'x',
        })
      ).status,
    ).toBe(403);
    expect((await call(owner, 'GET', '/api/v1/agents/reader-check')).body.version).toBe(1);
  });

  it('an outsider sees only their own organization: 404 for every profile here', async () => {
    const { server, owner, outsider } = fixture;
    await createAgentProfile(server, owner, 'private-agent');
    expect((await call(outsider, 'GET', '/api/v1/agents')).body.items).toEqual([]);
    for (const [method, path, body] of [
      ['GET', '/api/v1/agents/private-agent', undefined],
      ['PATCH', '/api/v1/agents/private-agent', { version: 1, description: 'mine' }],
      ['DELETE', '/api/v1/agents/private-agent?confirm=true', undefined],
    ] as const) {
      const answer = await call(outsider, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.code).toBe('AGENT_NOT_FOUND');
    }
    // The same name is free in their own organization.
    expect((await createAgentProfile(server, outsider, 'private-agent')).name).toBe('private-agent');
    expect((await call(owner, 'GET', '/api/v1/agents/private-agent')).body.version).toBe(1);
  });

  it('needs a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/agents'],
      ['POST', '/api/v1/agents'],
      ['GET', '/api/v1/agents/x'],
      ['PATCH', '/api/v1/agents/x'],
      ['DELETE', '/api/v1/agents/x'],
    ] as const) {
      const response = await fixture.server.fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('validates names and fields, refuses duplicates and stale versions', async () => {
    const { server, owner } = fixture;
    for (const name of [
      'Backend Dev',
      'Backend-Dev',
      '-dev',
      'dev-',
      'a--b',
      '',
      'x'.repeat(65),
      'snake_case',
    ]) {
      const answer = await call(owner, 'POST', '/api/v1/agents', { name });
      expect(answer.status, name).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await call(owner, 'POST', '/api/v1/agents', { name: 'ok-name', colour: 'red' })).status).toBe(
      400,
    );
    await createAgentProfile(server, owner, 'taken');
    const duplicate = await call(owner, 'POST', '/api/v1/agents', { name: 'taken' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('AGENT_NAME_TAKEN');
    // The name is the profile's identity: PATCH cannot change it.
    expect((await call(owner, 'PATCH', '/api/v1/agents/taken', { version: 1, name: 'other' })).status).toBe(
      400,
    );
    expect(
      (await call(owner, 'PATCH', '/api/v1/agents/taken', { version: 1, description: 'v2' })).status,
    ).toBe(200);
    const stale = await call(owner, 'PATCH', '/api/v1/agents/taken', { version: 1, description: 'lost' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 2 } });
    expect((await call(owner, 'DELETE', '/api/v1/agents/taken?version=1')).status).toBe(409);
    expect((await call(owner, 'DELETE', '/api/v1/agents/taken?version=2')).status).toBe(200);
  });
});

describe('task assignees', () => {
  it('with no profiles at all, says so and how to create one', async () => {
    const { server } = fixture;
    const newcomer = await signUp(server, 'Nia Newcomer');
    const project = await createProject(server, newcomer, 'NEW');
    const refused = await call(newcomer, 'POST', `/api/v1/projects/${project.id}/tasks`, {
      title: 'Assigned too early',
      assignee: 'backend-dev',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
    expect(refused.body.error.message).toContain('no agent profiles yet');
    expect(refused.body.error.message).toContain('POST /api/v1/agents');
    expect(refused.body.error.details[0]).toMatchObject({ path: ['assignee'], agents: [] });
    // Unassigned tasks need no profile.
    expect(
      (await call(newcomer, 'POST', `/api/v1/projects/${project.id}/tasks`, { title: 'Free' })).status,
    ).toBe(201);
  });

  it('must be one of the organization’s profiles, in any case; the error lists the valid names', async () => {
    const { server, owner, outsider, project: swb } = fixture;
    await createAgentProfile(server, owner, 'backend-dev');
    await createAgentProfile(server, owner, 'frontend-dev');
    const created = await task('Parse the config', { assignee: 'Backend-Dev' });
    expect(created.assignee).toBe('backend-dev');
    const unknown = await call(owner, 'POST', `/api/v1/projects/${swb.id}/tasks`, {
      title: 'Nobody',
      assignee: 'qa-bot',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('VALIDATION_FAILED');
    expect(unknown.body.error.message).toContain('"qa-bot"');
    expect(unknown.body.error.message).toContain('backend-dev');
    expect(unknown.body.error.message).toContain('frontend-dev');
    expect(unknown.body.error.details[0].agents).toEqual(
      expect.arrayContaining(['backend-dev', 'frontend-dev']),
    );

    const patched = await call(owner, 'PATCH', `/api/v1/tasks/${created.key}`, {
      version: 1,
      assignee: 'qa-bot',
    });
    expect(patched.status).toBe(400);
    expect((await call(owner, 'GET', `/api/v1/tasks/${created.key}`)).body).toMatchObject({
      assignee: 'backend-dev',
      version: 1,
    });
    const moved = await call(owner, 'PATCH', `/api/v1/tasks/${created.key}`, {
      version: 1,
      assignee: 'frontend-dev',
    });
    expect(moved.body).toMatchObject({ assignee: 'frontend-dev', version: 2 });
    const cleared = await call(owner, 'PATCH', `/api/v1/tasks/${created.key}`, {
      version: 2,
      assignee: null,
    });
    expect(cleared.body).toMatchObject({ assignee: null, version: 3 });
    // Another organization's profile names are unknown here.
    await createAgentProfile(server, outsider, 'outsider-bot');
    const foreign = await call(owner, 'POST', `/api/v1/projects/${swb.id}/tasks`, {
      title: 'Borrowed',
      assignee: 'outsider-bot',
    });
    expect(foreign.status).toBe(400);
  });
});

describe('deleting a profile that tasks are assigned to', () => {
  it('asks for confirmation, then unassigns each task with a task.updated event', async () => {
    const { server, owner, admin, project: swb } = fixture;
    await createAgentProfile(server, owner, 'doomed-dev');
    await createAgentProfile(server, owner, 'other-dev');
    const other = await createProject(server, owner, 'OTH');
    const first = await task('First', { assignee: 'doomed-dev' });
    const second = await task('Second', { assignee: 'doomed-dev' }, other);
    const untouched = await task('Untouched', { assignee: 'other-dev' });

    const unconfirmed = await call(admin, 'DELETE', '/api/v1/agents/doomed-dev');
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.error.code).toBe('CONFIRMATION_REQUIRED');
    expect(unconfirmed.body.error.message).toContain('2 tasks');
    expect(unconfirmed.body.error.message).toContain(first.key);
    expect(unconfirmed.body.error.message).toContain('?confirm=true');
    expect(unconfirmed.body.error.details).toEqual({
      assignedTasks: 2,
      tasks: expect.arrayContaining([first.key, second.key]),
    });
    expect((await call(owner, 'GET', '/api/v1/agents/doomed-dev')).status).toBe(200);
    expect((await call(owner, 'GET', `/api/v1/tasks/${first.key}`)).body.assignee).toBe('doomed-dev');

    const confirmed = await call(admin, 'DELETE', '/api/v1/agents/doomed-dev?confirm=true');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ deleted: { name: 'doomed-dev', unassignedTasks: 2, revokedKeys: 0 } });
    for (const before of [first, second]) {
      const after = (await call(owner, 'GET', `/api/v1/tasks/${before.key}`)).body;
      expect(after).toMatchObject({ assignee: null, version: before.version + 1 });
      const log = await call(owner, 'GET', `/api/v1/activity?entityId=${before.id}`);
      expect(log.body.items[0]).toMatchObject({
        action: 'task.updated',
        actor: { type: 'user', name: 'Adam Admin' },
        data: { version: before.version + 1, task: after, fields: ['assignee'] },
      });
    }
    expect((await call(owner, 'GET', `/api/v1/tasks/${untouched.key}`)).body.assignee).toBe('other-dev');
    expect((await call(owner, 'GET', '/api/v1/agents/doomed-dev')).status).toBe(404);
    const log = await call(owner, 'GET', '/api/v1/activity');
    expect(log.body.items[0]).toMatchObject({
      action: 'agent_profile.deleted',
      data: { unassignedTasks: 2 },
    });
    // Gone means unassignable.
    const late = await call(owner, 'POST', `/api/v1/projects/${swb.id}/tasks`, {
      title: 'Late',
      assignee: 'doomed-dev',
    });
    expect(late.status).toBe(400);
  });

  it('racing assignments and a confirmed deletion leave no task assigned to the deleted profile', async () => {
    const { server, owner, member } = fixture;
    await createAgentProfile(server, owner, 'race-dev');
    const project = await createProject(server, owner, 'RACE');
    await task('Assigned before', { assignee: 'race-dev' }, project);
    const creations = Array.from({ length: 12 }, (_, index) =>
      call(member, 'POST', `/api/v1/projects/${project.id}/tasks`, {
        title: `Racer ${index}`,
        assignee: 'race-dev',
      }),
    );
    const deletion = call(owner, 'DELETE', '/api/v1/agents/race-dev?confirm=true');
    const answers = await Promise.all([...creations, deletion]);
    for (const answer of answers.slice(0, -1)) {
      // Before the deletion (then unassigned by it), after it (refused), or a collision to retry.
      expect([201, 400, 409], JSON.stringify(answer.body)).toContain(answer.status);
    }
    const deleted = answers.at(-1);
    expect(deleted?.status, JSON.stringify(deleted?.body)).toBe(200);
    const remaining = await call(owner, 'GET', `/api/v1/projects/${project.id}/tasks?assignee=race-dev`);
    expect(remaining.body.items).toEqual([]);
    expect((await call(owner, 'GET', '/api/v1/agents/race-dev')).status).toBe(404);
  });
});
