import { expect, it } from 'vitest';
import type { Person } from './auth-agent';
import type { TestServer } from './harness';
import type { OrganizationFixture } from './organization-fixture';
import type { Json } from './projects';

/** Something of the organization a project names in one of its fields, as a rule set or a template. */
export interface ProjectReference {
  /** The project's field that names it. */
  field: 'ruleSet' | 'template';
  /** What it is called in test names: `rule set`. */
  noun: string;
  /** Where they are listed and deleted: `/api/v1/rule-sets`. */
  collection: string;
  /** The error code of a name the organization does not have. */
  notFoundCode: string;
  /** Creates one named `name` in `person`'s active organization (they must be an owner or admin there). */
  create(server: TestServer, person: Person, name: string): Promise<unknown>;
}

/**
 * The same test for every such field: owners and admins set it by name, members read it but may not change
 * it, unknown names and another organization's are not found, an outsider cannot reach the project, and
 * deleting what it names clears it.
 */
export function testProjectReference(fixture: OrganizationFixture, reference: ProjectReference): void {
  const { field, noun, collection, notFoundCode } = reference;

  it(`is set by name by owners and admins but not members, refused when unknown or another organization's, and cleared when the ${noun} is deleted`, async () => {
    const { server, call, owner, admin, member, outsider, project } = fixture;
    const path = `/api/v1/projects/${project.id}`;
    await reference.create(server, owner, 'for-project');
    await reference.create(server, outsider, 'foreign');
    const before = await call(owner, 'GET', path);
    expect(before.body[field]).toBeNull();

    const chosen = await call(admin, 'PATCH', path, { version: before.body.version, [field]: 'for-project' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body[field]).toBe('for-project');
    expect((await call(member, 'GET', path)).body[field]).toBe('for-project');
    const projects = await call(member, 'GET', '/api/v1/projects');
    expect(projects.body.items.find((item: Json) => item.id === project.id)[field]).toBe('for-project');
    const listed = await call(member, 'GET', collection);
    expect(listed.body.items.find((item: Json) => item.name === 'for-project').projects).toEqual([
      project.key,
    ]);

    const byMember = await call(member, 'PATCH', path, { version: chosen.body.version, [field]: null });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error.code).toBe('FORBIDDEN');
    // The project's other fields stay open to members.
    const renamed = await call(member, 'PATCH', path, { version: chosen.body.version, name: 'Switchboard' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Switchboard', [field]: 'for-project' });

    for (const name of ['nope', 'foreign']) {
      const refused = await call(owner, 'PATCH', path, { version: renamed.body.version, [field]: name });
      expect(refused.status, name).toBe(404);
      expect(refused.body.error.code).toBe(notFoundCode);
    }
    const fromOutside = await call(outsider, 'PATCH', path, {
      version: renamed.body.version,
      [field]: 'foreign',
    });
    expect(fromOutside.status).toBe(404);
    expect(fromOutside.body.error.code).toBe('PROJECT_NOT_FOUND');
    expect((await call(owner, 'GET', path)).body[field]).toBe('for-project');

    const deleted = await call(owner, 'DELETE', `${collection}/for-project`);
    expect(deleted.body).toEqual({ deleted: { name: 'for-project', projects: [project.key] } });
    expect((await call(owner, 'GET', path)).body[field]).toBeNull();
    // Clearing it did not move the project's version: a form opened before still saves.
    const cleared = await call(owner, 'PATCH', path, { version: renamed.body.version, [field]: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body[field]).toBeNull();
  });
}
