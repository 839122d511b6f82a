import { describe, expect, it } from 'vitest';
import { type AuthError, signIn, signUp } from '../testing/auth-agent';
import { captureLoggedLines } from '../testing/logged-lines';
import {
  addMember,
  createOrganization,
  type Member,
  membersOf,
  type Organization,
  sessionOf,
  type Team,
} from '../testing/organizations';
import { useTestServer } from '../testing/server-hooks';

/** Several organizations per person, a personal one from the start, one active at a time. */

// Quiets the links the server logs for want of a mail server.
captureLoggedLines();
const fixture = useTestServer();

interface FullOrganization extends Organization {
  members: (Member & { user: { email: string } })[];
  invitations: unknown[];
  teams: Team[];
}

describe('the personal organization', () => {
  it('is created at sign-up, owned by the new person, and active in their session', async () => {
    const ada = await signUp(fixture.server, 'Ada Lovelace');
    const session = await sessionOf(ada);
    const organizations = await ada.auth<Organization[]>('get', '/organization/list');
    expect(organizations.status).toBe(200);
    expect(organizations.body).toHaveLength(1);
    const [personal] = organizations.body;
    expect(personal?.name).toBe("Ada Lovelace's workspace");
    expect(personal?.slug).toMatch(/^ada-lovelace-[0-9a-f]{6}$/);
    expect(session?.session.activeOrganizationId).toBe(personal?.id);

    const full = await ada.auth<FullOrganization>('get', '/organization/get-full-organization');
    expect(full.status).toBe(200);
    expect(full.body.id).toBe(personal?.id);
    expect(full.body.members).toHaveLength(1);
    expect(full.body.members[0]).toMatchObject({ userId: ada.user.id, role: 'owner' });

    const role = await ada.auth<{ role: string }>('get', '/organization/get-active-member-role');
    expect(role.body.role).toBe('owner');
    const member = await ada.auth<Member>('get', '/organization/get-active-member');
    expect(member.body).toMatchObject({ userId: ada.user.id, organizationId: personal?.id, role: 'owner' });
  });

  it('is not created twice: a later sign-in makes the first organization active', async () => {
    const bob = await signUp(fixture.server, 'Bob');
    const [personal] = (await bob.auth<Organization[]>('get', '/organization/list')).body;
    await createOrganization(bob, 'Second');
    const again = await signIn(fixture.server, bob.user.email);
    expect((await sessionOf(again))?.session.activeOrganizationId).toBe(personal?.id);
    expect((await again.auth<Organization[]>('get', '/organization/list')).body).toHaveLength(2);
  });

  it('comes back on the next sign-in for someone left with no organization at all', async () => {
    const cleo = await signUp(fixture.server, 'Cleo');
    const [personal] = (await cleo.auth<Organization[]>('get', '/organization/list')).body;
    const deleted = await cleo.auth('post', '/organization/delete', { organizationId: personal?.id });
    expect(deleted.status).toBe(200);
    expect((await cleo.auth<Organization[]>('get', '/organization/list')).body).toEqual([]);
    const again = await signIn(fixture.server, cleo.user.email);
    const organizations = (await again.auth<Organization[]>('get', '/organization/list')).body;
    expect(organizations).toHaveLength(1);
    expect(organizations[0]?.id).not.toBe(personal?.id);
    expect((await sessionOf(again))?.session.activeOrganizationId).toBe(organizations[0]?.id);
  });
});

describe('switching the active organization', () => {
  it('works by id and by slug among one’s own organizations, and the session remembers it', async () => {
    const dan = await signUp(fixture.server, 'Dan');
    const personalId = (await sessionOf(dan))?.session.activeOrganizationId;
    const work = await createOrganization(dan, 'Dan Works');

    const byId = await dan.auth<Organization>('post', '/organization/set-active', {
      organizationId: work.id,
    });
    expect(byId.status).toBe(200);
    expect(byId.body.id).toBe(work.id);
    expect((await sessionOf(dan))?.session.activeOrganizationId).toBe(work.id);
    const full = await dan.auth<FullOrganization>('get', '/organization/get-full-organization');
    expect(full.body.name).toBe('Dan Works');

    const personal = (await dan.auth<Organization[]>('get', '/organization/list')).body.find(
      (organization) => organization.id === personalId,
    );
    const bySlug = await dan.auth<Organization>('post', '/organization/set-active', {
      organizationSlug: personal?.slug,
    });
    expect(bySlug.body.id).toBe(personalId);
    expect((await sessionOf(dan))?.session.activeOrganizationId).toBe(personalId);

    const cleared = await dan.auth('post', '/organization/set-active', { organizationId: null });
    expect(cleared.status).toBe(200);
    expect((await sessionOf(dan))?.session.activeOrganizationId).toBeNull();
  });

  it('becomes the organization one just created, unless asked to keep the current one', async () => {
    const eve = await signUp(fixture.server, 'Eve');
    const personalId = (await sessionOf(eve))?.session.activeOrganizationId;
    await createOrganization(eve, 'Kept aside');
    expect((await sessionOf(eve))?.session.activeOrganizationId).toBe(personalId);
    const created = await eve.auth<Organization>('post', '/organization/create', {
      name: 'Front and centre',
      slug: `front-${Date.now()}`,
    });
    expect(created.status).toBe(200);
    expect((await sessionOf(eve))?.session.activeOrganizationId).toBe(created.body.id);
  });

  it('is per session: another browser of the same person keeps its own', async () => {
    const fay = await signUp(fixture.server, 'Fay');
    const other = await signIn(fixture.server, fay.user.email);
    const work = await createOrganization(fay, 'Fay Works');
    await fay.auth('post', '/organization/set-active', { organizationId: work.id });
    expect((await sessionOf(fay))?.session.activeOrganizationId).toBe(work.id);
    expect((await sessionOf(other))?.session.activeOrganizationId).not.toBe(work.id);
  });
});

describe('creating, updating and deleting organizations', () => {
  it('creates with name, slug and logo; the creator is its owner', async () => {
    const gus = await signUp(fixture.server, 'Gus');
    const created = await gus.auth<Organization & { members: Member[] }>('post', '/organization/create', {
      name: 'Acme',
      slug: `acme-${Date.now()}`,
      logo: 'https://example.com/acme.png',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Acme', logo: 'https://example.com/acme.png' });
    expect(created.body.members[0]).toMatchObject({ userId: gus.user.id, role: 'owner' });
  });

  it('refuses a slug that is taken', async () => {
    const hal = await signUp(fixture.server, 'Hal');
    const first = await createOrganization(hal, 'Taken');
    const again = await hal.auth<AuthError>('post', '/organization/create', {
      name: 'Again',
      slug: first.slug,
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('ORGANIZATION_ALREADY_EXISTS');
    const check = await hal.auth<AuthError>('post', '/organization/check-slug', { slug: first.slug });
    expect(check.status).toBe(400);
    const free = await hal.auth<{ status: boolean }>('post', '/organization/check-slug', {
      slug: `free-${Date.now()}`,
    });
    expect(free.body.status).toBe(true);
  });

  it('updates name, slug and logo, and refuses another organization’s slug', async () => {
    const ida = await signUp(fixture.server, 'Ida');
    const organization = await createOrganization(ida, 'Before');
    const other = await createOrganization(ida, 'Other');
    const slug = `after-${Date.now()}`;
    const updated = await ida.auth<Organization>('post', '/organization/update', {
      organizationId: organization.id,
      data: { name: 'After', slug, logo: 'https://example.com/after.png' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: organization.id,
      name: 'After',
      slug,
      logo: 'https://example.com/after.png',
    });
    const clash = await ida.auth<AuthError>('post', '/organization/update', {
      organizationId: organization.id,
      data: { slug: other.slug },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.code).toBe('ORGANIZATION_SLUG_ALREADY_TAKEN');
  });

  it('updates the active organization when none is named', async () => {
    const jon = await signUp(fixture.server, 'Jon');
    const updated = await jon.auth<Organization>('post', '/organization/update', {
      data: { name: 'Renamed home' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.id).toBe((await sessionOf(jon))?.session.activeOrganizationId);
  });

  it('deletes with everything in it; members lose it; the deleter’s session has no active organization', async () => {
    const kim = await signUp(fixture.server, 'Kim');
    const lou = await signUp(fixture.server, 'Lou');
    const doomed = await createOrganization(kim, 'Doomed');
    await addMember(kim, doomed.id, lou, 'admin');
    await kim.auth('post', '/organization/create-team', { organizationId: doomed.id, name: 'Doomed team' });
    await kim.auth('post', '/organization/set-active', { organizationId: doomed.id });

    const deleted = await kim.auth<Organization>('post', '/organization/delete', {
      organizationId: doomed.id,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(doomed.id);
    expect((await sessionOf(kim))?.session.activeOrganizationId).toBeNull();
    for (const person of [kim, lou]) {
      const listed = (await person.auth<Organization[]>('get', '/organization/list')).body;
      expect(listed.map((organization) => organization.id)).not.toContain(doomed.id);
    }
    const gone = await lou.auth('get', '/organization/get-full-organization', { organizationId: doomed.id });
    expect(gone.status).toBe(404);
    const again = await kim.auth('post', '/organization/delete', { organizationId: doomed.id });
    expect(again.status).toBe(404);
  });
});

describe('members', () => {
  it('lists members with their people, changes roles and removes; a member may leave', async () => {
    const max = await signUp(fixture.server, 'Max');
    const nia = await signUp(fixture.server, 'Nia');
    const oli = await signUp(fixture.server, 'Oli');
    const organization = await createOrganization(max, 'Team Max');
    const niaMember = await addMember(max, organization.id, nia, 'member');
    const oliMember = await addMember(max, organization.id, oli, 'member');

    const listed = await nia.auth<{ members: (Member & { user: { email: string } })[]; total: number }>(
      'get',
      '/organization/list-members',
      { organizationId: organization.id },
    );
    expect(listed.body.total).toBe(3);
    expect(listed.body.members.map((member) => member.user.email).sort()).toEqual(
      [max.user.email, nia.user.email, oli.user.email].sort(),
    );

    const promoted = await max.auth<Member>('post', '/organization/update-member-role', {
      organizationId: organization.id,
      memberId: niaMember.id,
      role: 'admin',
    });
    expect(promoted.body.role).toBe('admin');
    const unknownRole = await max.auth<AuthError>('post', '/organization/update-member-role', {
      organizationId: organization.id,
      memberId: niaMember.id,
      role: 'emperor',
    });
    expect(unknownRole.status).toBe(404);
    expect(unknownRole.body.code).toBe('ROLE_NOT_FOUND');

    const removed = await nia.auth('post', '/organization/remove-member', {
      organizationId: organization.id,
      memberIdOrEmail: oli.user.email,
    });
    expect(removed.status).toBe(200);
    expect((await membersOf(max, organization.id)).map((member) => member.id)).not.toContain(oliMember.id);

    const left = await nia.auth('post', '/organization/leave', { organizationId: organization.id });
    expect(left.status).toBe(200);
    expect((await membersOf(max, organization.id)).map((member) => member.userId)).toEqual([max.user.id]);
    expect((await sessionOf(nia))?.session.activeOrganizationId).toBeNull();
  });
});

describe('teams', () => {
  it('creates, renames, lists, fills, empties and deletes teams', async () => {
    const pam = await signUp(fixture.server, 'Pam');
    const quinn = await signUp(fixture.server, 'Quinn');
    const organization = await createOrganization(pam, 'Teamwork');
    await addMember(pam, organization.id, quinn, 'member');
    const created = await pam.auth<Team>('post', '/organization/create-team', {
      organizationId: organization.id,
      name: 'Platform',
    });
    expect(created.status).toBe(200);
    const team = created.body;

    const renamed = await pam.auth<Team>('post', '/organization/update-team', {
      teamId: team.id,
      data: { name: 'Platform & Infra', organizationId: organization.id },
    });
    expect(renamed.body.name).toBe('Platform & Infra');

    const added = await pam.auth('post', '/organization/add-team-member', {
      organizationId: organization.id,
      teamId: team.id,
      userId: quinn.user.id,
    });
    expect(added.status).toBe(200);
    const quinnTeams = await quinn.auth<Team[]>('get', '/organization/list-user-teams');
    expect(quinnTeams.body.map((entry) => entry.id)).toContain(team.id);
    const teamMembers = await quinn.auth<{ userId: string }[]>('get', '/organization/list-team-members', {
      teamId: team.id,
    });
    expect(teamMembers.body.map((entry) => entry.userId)).toEqual([quinn.user.id]);

    const removed = await pam.auth('post', '/organization/remove-team-member', {
      organizationId: organization.id,
      teamId: team.id,
      userId: quinn.user.id,
    });
    expect(removed.status).toBe(200);
    expect((await quinn.auth<Team[]>('get', '/organization/list-user-teams')).body).toEqual([]);

    const deleted = await pam.auth('post', '/organization/remove-team', {
      organizationId: organization.id,
      teamId: team.id,
    });
    expect(deleted.status).toBe(200);
    const teams = await pam.auth<Team[]>('get', '/organization/list-teams', {
      organizationId: organization.id,
    });
    expect(teams.body.map((entry) => entry.id)).not.toContain(team.id);
  });
});
