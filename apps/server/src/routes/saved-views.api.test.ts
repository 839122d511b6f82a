import { describe, expect, it } from 'vitest';
import type { Person } from '../testing/auth-agent';
import { ROLES, useOrganizationFixture } from '../testing/organization-fixture';
import type { Json } from '../testing/projects';

// Dialect-sensitive: two saves of one name at once meet at the author's row lock and the unique index,
// which only PostgreSQL lets overlap.

const fixture = useOrganizationFixture();
const { call } = fixture;

const viewsPath = (projectId = fixture.project.id) => `/api/v1/projects/${projectId}/views`;
const LIST = { view: 'list', priority: 'high', sort: 'due' };

async function saveView(person: Person, body: Json): Promise<Json> {
  const created = await call(person, 'POST', viewsPath(), body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function namesSeenBy(person: Person): Promise<string[]> {
  const listed = await call(person, 'GET', viewsPath());
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.items.map((view: Json) => view.name);
}

describe('saved views', () => {
  it.each(ROLES)('%s saves, renames, updates and deletes a personal view nobody else sees', async (role) => {
    const person = fixture[role];
    const saved = await saveView(person, { name: ` Mine ${role} `, search: LIST });
    expect(saved).toMatchObject({
      name: `Mine ${role}`,
      shared: false,
      search: LIST,
      canEdit: true,
      version: 1,
      author: { id: person.user.id, name: person.user.name },
    });
    expect(await namesSeenBy(person)).toContain(`Mine ${role}`);
    for (const other of ROLES.filter((candidate) => candidate !== role)) {
      expect(await namesSeenBy(fixture[other])).not.toContain(`Mine ${role}`);
      const patched = await call(fixture[other], 'PATCH', `/api/v1/views/${saved.id}`, {
        version: 1,
        name: 'Taken over',
      });
      expect(patched.status).toBe(404);
      expect(patched.body.error.code).toBe('SAVED_VIEW_NOT_FOUND');
    }

    const updated = await call(person, 'PATCH', `/api/v1/views/${saved.id}`, {
      version: 1,
      name: `Renamed ${role}`,
      search: { view: 'list', group: 'assignee' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      name: `Renamed ${role}`,
      search: { view: 'list', group: 'assignee' },
    });
    const stale = await call(person, 'DELETE', `/api/v1/views/${saved.id}?version=1`);
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('VERSION_CONFLICT');
    const deleted = await call(person, 'DELETE', `/api/v1/views/${saved.id}?version=2`);
    expect(deleted.body).toEqual({ deleted: { id: saved.id, name: `Renamed ${role}` } });
    expect(await namesSeenBy(person)).not.toContain(`Renamed ${role}`);
  });

  it('a shared view is seen by every member and changed only by its author, owners and admins', async () => {
    const shared = await saveView(fixture.member, { name: 'Team triage', shared: true, search: LIST });
    for (const role of ROLES) expect(await namesSeenBy(fixture[role])).toContain('Team triage');

    const ownerView = (await call(fixture.owner, 'GET', viewsPath())).body.items.find(
      (view: Json) => view.id === shared.id,
    );
    expect(ownerView).toMatchObject({ canEdit: true, author: { name: fixture.member.user.name } });
    const renamed = await call(fixture.admin, 'PATCH', `/api/v1/views/${shared.id}`, {
      version: 1,
      name: 'Triage',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const byAdmin = await saveView(fixture.admin, { name: 'Admin board', shared: true, search: {} });
    const memberView = (await call(fixture.member, 'GET', viewsPath())).body.items.find(
      (view: Json) => view.id === byAdmin.id,
    );
    expect(memberView.canEdit).toBe(false);
    const refused = await call(fixture.member, 'PATCH', `/api/v1/views/${byAdmin.id}`, {
      version: 1,
      name: 'Mine now',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect(refused.body.error.message).toContain(fixture.admin.user.name);
    const notDeleted = await call(fixture.member, 'DELETE', `/api/v1/views/${byAdmin.id}`);
    expect(notDeleted.status).toBe(403);
    expect((await call(fixture.owner, 'DELETE', `/api/v1/views/${byAdmin.id}`)).status).toBe(200);

    // Unshared, it is its author's alone again.
    const unshared = await call(fixture.member, 'PATCH', `/api/v1/views/${shared.id}`, {
      version: 2,
      shared: false,
    });
    expect(unshared.body.shared).toBe(false);
    expect(await namesSeenBy(fixture.admin)).not.toContain('Triage');
    expect(await namesSeenBy(fixture.member)).toContain('Triage');
  });

  it("an outsider neither lists, changes nor deletes another organization's views", async () => {
    const shared = await saveView(fixture.owner, { name: 'Owners only', shared: true, search: LIST });
    const listed = await call(fixture.outsider, 'GET', viewsPath());
    expect(listed.status).toBe(404);
    expect(listed.body.error.code).toBe('PROJECT_NOT_FOUND');
    const created = await call(fixture.outsider, 'POST', viewsPath(), { name: 'Sneaky', search: {} });
    expect(created.status).toBe(404);
    for (const [method, path, body] of [
      ['PATCH', `/api/v1/views/${shared.id}`, { version: 1, name: 'Mine' }],
      ['DELETE', `/api/v1/views/${shared.id}`, undefined],
    ] as const) {
      const answer = await call(fixture.outsider, method, path, body);
      expect(answer.status, method).toBe(404);
      expect(answer.body.error.code).toBe('SAVED_VIEW_NOT_FOUND');
    }
    expect(await namesSeenBy(fixture.owner)).toContain('Owners only');
    const own = await call(fixture.outsider, 'GET', viewsPath(fixture.outsiderProject.id));
    expect(own.body.items).toEqual([]);
  });

  it('refuses a missing name, a taken one and a search that is no list of parameters', async () => {
    await saveView(fixture.member, { name: 'Bugs', search: LIST });
    const taken = await call(fixture.member, 'POST', viewsPath(), { name: 'BUGS', search: {} });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('SAVED_VIEW_NAME_TAKEN');
    // Another person's views do not take the name.
    await saveView(fixture.admin, { name: 'Bugs', search: {} });

    const bad = [
      [{ name: '  ', search: {} }, 'name'],
      [{ name: 'Nested', search: { view: { deep: true } } }, 'search'],
      [{ name: 'Odd key', search: { 'not a key': 'x' } }, 'search'],
      [
        { name: 'Many', search: Object.fromEntries([...Array(21).keys()].map((n) => [`p${n}`, 'x'])) },
        'search',
      ],
      [{ name: 'No search' }, 'search'],
    ] as const;
    for (const [body, field] of bad) {
      const answer = await call(fixture.member, 'POST', viewsPath(), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(answer.body.error.details), JSON.stringify(body)).toContain(field);
    }
  });

  it('two saves of one name at once keep one view and refuse the other by name', async () => {
    const answers = await Promise.all(
      [0, 1].map(() => call(fixture.owner, 'POST', viewsPath(), { name: 'Twice', search: LIST })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await namesSeenBy(fixture.owner)).filter((name) => name === 'Twice')).toHaveLength(1);
  });
});
