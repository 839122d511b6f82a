import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  type AuthAgent,
  type AuthError,
  type Person,
  signUp,
  uniqueEmail,
} from '../testing/auth-agent';
import { serverForFile, type TestServer } from '../testing/harness';
import {
  addMember,
  createOrganization,
  createRole,
  createTeam,
  type Invitation,
  invite,
  type Member,
  membersOf,
  type Organization,
  sessionOf,
  type Team,
} from '../testing/organizations';

/**
 * An id from another organization answers 404, never 403, never its data. Every endpoint
 * that takes an organization, member, invitation, team, user or role id is called by members of
 * organization X with the ids of organization Y, and with ids that exist nowhere: both must get the same
 * 404, so a caller cannot even learn that Y's ids exist.
 */

interface Ids {
  organizationId: string;
  organizationSlug: string;
  /** A plain member of Y, and Y's only owner. */
  memberId: string;
  ownerMemberId: string;
  invitationId: string;
  teamId: string;
  userId: string;
  roleId: string;
}

interface Home {
  organizationId: string;
  teamId: string;
}

interface Case {
  name: string;
  call(agent: AuthAgent, ids: Ids, home: Home): Promise<Answer<unknown>>;
}

const cases: Case[] = [
  // Organization ids and slugs.
  {
    name: 'get-full-organization by id',
    call: (a, ids) =>
      a.auth('get', '/organization/get-full-organization', { organizationId: ids.organizationId }),
  },
  {
    name: 'get-full-organization by slug',
    call: (a, ids) =>
      a.auth('get', '/organization/get-full-organization', { organizationSlug: ids.organizationSlug }),
  },
  {
    name: "get-full-organization with X's id and Y's slug",
    call: (a, ids, home) =>
      a.auth('get', '/organization/get-full-organization', {
        organizationId: home.organizationId,
        organizationSlug: ids.organizationSlug,
      }),
  },
  {
    name: "list-members with X's id and Y's slug",
    call: (a, ids, home) =>
      a.auth('get', '/organization/list-members', {
        organizationId: home.organizationId,
        organizationSlug: ids.organizationSlug,
      }),
  },
  {
    name: 'get-organization',
    call: (a, ids) => a.auth('get', '/organization/get-organization', { organizationId: ids.organizationId }),
  },
  {
    name: 'set-active by id',
    call: (a, ids) => a.auth('post', '/organization/set-active', { organizationId: ids.organizationId }),
  },
  {
    name: 'set-active by slug',
    call: (a, ids) => a.auth('post', '/organization/set-active', { organizationSlug: ids.organizationSlug }),
  },
  {
    name: 'update',
    call: (a, ids) =>
      a.auth('post', '/organization/update', {
        organizationId: ids.organizationId,
        data: { name: 'Taken over' },
      }),
  },
  {
    name: 'delete',
    call: (a, ids) => a.auth('post', '/organization/delete', { organizationId: ids.organizationId }),
  },
  {
    name: 'leave',
    call: (a, ids) => a.auth('post', '/organization/leave', { organizationId: ids.organizationId }),
  },
  {
    name: 'list-members by id',
    call: (a, ids) => a.auth('get', '/organization/list-members', { organizationId: ids.organizationId }),
  },
  {
    name: 'list-members by slug',
    call: (a, ids) => a.auth('get', '/organization/list-members', { organizationSlug: ids.organizationSlug }),
  },
  {
    name: 'get-active-member-role',
    call: (a, ids) =>
      a.auth('get', '/organization/get-active-member-role', { organizationId: ids.organizationId }),
  },
  {
    name: 'list-invitations',
    call: (a, ids) => a.auth('get', '/organization/list-invitations', { organizationId: ids.organizationId }),
  },
  {
    name: 'invite-member into it',
    call: (a, ids) =>
      a.auth('post', '/organization/invite-member', {
        organizationId: ids.organizationId,
        email: uniqueEmail('intruder'),
        role: 'member',
      }),
  },
  {
    name: 'list-teams',
    call: (a, ids) => a.auth('get', '/organization/list-teams', { organizationId: ids.organizationId }),
  },
  {
    name: 'create-team in it',
    call: (a, ids) =>
      a.auth('post', '/organization/create-team', { organizationId: ids.organizationId, name: 'X' }),
  },
  {
    name: 'list-user-teams in it',
    call: (a, ids) => a.auth('get', '/organization/list-user-teams', { organizationId: ids.organizationId }),
  },
  {
    name: 'has-permission in it',
    call: (a, ids) =>
      a.auth('post', '/organization/has-permission', {
        organizationId: ids.organizationId,
        permissions: { ac: ['read'] },
      }),
  },
  {
    name: 'list-roles',
    call: (a, ids) => a.auth('get', '/organization/list-roles', { organizationId: ids.organizationId }),
  },
  {
    name: 'create-role in it',
    call: (a, ids) =>
      a.auth('post', '/organization/create-role', {
        organizationId: ids.organizationId,
        role: 'intruder',
        permission: { ac: ['read'] },
      }),
  },
  {
    name: 'update-member-role there',
    call: (a, ids) =>
      a.auth('post', '/organization/update-member-role', {
        organizationId: ids.organizationId,
        memberId: ids.memberId,
        role: 'admin',
      }),
  },
  {
    name: 'remove-member there',
    call: (a, ids) =>
      a.auth('post', '/organization/remove-member', {
        organizationId: ids.organizationId,
        memberIdOrEmail: ids.memberId,
      }),
  },
  // Member ids of Y, acting in X.
  {
    name: "update-member-role of Y's member in X",
    call: (a, ids, home) =>
      a.auth('post', '/organization/update-member-role', {
        organizationId: home.organizationId,
        memberId: ids.memberId,
        role: 'admin',
      }),
  },
  {
    name: "update-member-role of Y's member in the active organization",
    call: (a, ids) =>
      a.auth('post', '/organization/update-member-role', { memberId: ids.memberId, role: 'admin' }),
  },
  {
    name: "update-member-role of Y's owner in X",
    call: (a, ids, home) =>
      a.auth('post', '/organization/update-member-role', {
        organizationId: home.organizationId,
        memberId: ids.ownerMemberId,
        role: 'member',
      }),
  },
  {
    name: "remove-member of Y's member in X",
    call: (a, ids, home) =>
      a.auth('post', '/organization/remove-member', {
        organizationId: home.organizationId,
        memberIdOrEmail: ids.memberId,
      }),
  },
  {
    name: "remove-member of Y's owner in X",
    call: (a, ids, home) =>
      a.auth('post', '/organization/remove-member', {
        organizationId: home.organizationId,
        memberIdOrEmail: ids.ownerMemberId,
      }),
  },
  // Invitation ids of Y (sent to someone else).
  {
    name: 'get-invitation',
    call: (a, ids) => a.auth('get', '/organization/get-invitation', { id: ids.invitationId }),
  },
  {
    name: 'cancel-invitation',
    call: (a, ids) => a.auth('post', '/organization/cancel-invitation', { invitationId: ids.invitationId }),
  },
  {
    name: 'accept-invitation',
    call: (a, ids) => a.auth('post', '/organization/accept-invitation', { invitationId: ids.invitationId }),
  },
  {
    name: 'reject-invitation',
    call: (a, ids) => a.auth('post', '/organization/reject-invitation', { invitationId: ids.invitationId }),
  },
  // Team ids of Y.
  {
    name: 'list-team-members',
    call: (a, ids) => a.auth('get', '/organization/list-team-members', { teamId: ids.teamId }),
  },
  {
    name: 'update-team in X',
    call: (a, ids, home) =>
      a.auth('post', '/organization/update-team', {
        teamId: ids.teamId,
        data: { name: 'Taken over', organizationId: home.organizationId },
      }),
  },
  {
    name: 'update-team in the active organization',
    call: (a, ids) =>
      a.auth('post', '/organization/update-team', { teamId: ids.teamId, data: { name: 'Taken' } }),
  },
  {
    name: 'update-team naming its own organization',
    call: (a, ids) =>
      a.auth('post', '/organization/update-team', {
        teamId: ids.teamId,
        data: { name: 'Taken', organizationId: ids.organizationId },
      }),
  },
  {
    name: 'remove-team in X',
    call: (a, ids, home) =>
      a.auth('post', '/organization/remove-team', {
        teamId: ids.teamId,
        organizationId: home.organizationId,
      }),
  },
  {
    name: 'remove-team in the active organization',
    call: (a, ids) => a.auth('post', '/organization/remove-team', { teamId: ids.teamId }),
  },
  {
    name: 'add-team-member to it',
    call: (a, ids, home) =>
      a.auth('post', '/organization/add-team-member', {
        teamId: ids.teamId,
        userId: ids.userId,
        organizationId: home.organizationId,
      }),
  },
  {
    name: 'remove-team-member from it',
    call: (a, ids, home) =>
      a.auth('post', '/organization/remove-team-member', {
        teamId: ids.teamId,
        userId: ids.userId,
        organizationId: home.organizationId,
      }),
  },
  {
    name: 'set-active-team',
    call: (a, ids) => a.auth('post', '/organization/set-active-team', { teamId: ids.teamId }),
  },
  {
    name: 'invite-member into its team',
    call: (a, ids, home) =>
      a.auth('post', '/organization/invite-member', {
        organizationId: home.organizationId,
        email: uniqueEmail('team-intruder'),
        role: 'member',
        teamId: ids.teamId,
      }),
  },
  // User ids of Y's members, who are not members of X.
  {
    name: "add-team-member of Y's user to X's team",
    call: (a, ids, home) =>
      a.auth('post', '/organization/add-team-member', {
        teamId: home.teamId,
        userId: ids.userId,
        organizationId: home.organizationId,
      }),
  },
  {
    name: "get-active-member-role of Y's user",
    call: (a, ids, home) =>
      a.auth('get', '/organization/get-active-member-role', {
        organizationId: home.organizationId,
        userId: ids.userId,
      }),
  },
  {
    name: "list-user-teams of Y's user",
    call: (a, ids, home) =>
      a.auth('get', '/organization/list-user-teams', {
        organizationId: home.organizationId,
        userId: ids.userId,
      }),
  },
  // Role ids of Y.
  {
    name: 'get-role',
    call: (a, ids, home) =>
      a.auth('get', '/organization/get-role', { organizationId: home.organizationId, roleId: ids.roleId }),
  },
  {
    name: 'update-role',
    call: (a, ids, home) =>
      a.auth('post', '/organization/update-role', {
        organizationId: home.organizationId,
        roleId: ids.roleId,
        data: { permission: { ac: ['read'] } },
      }),
  },
  {
    name: 'delete-role',
    call: (a, ids, home) =>
      a.auth('post', '/organization/delete-role', {
        organizationId: home.organizationId,
        roleId: ids.roleId,
      }),
  },
];

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;
let xOwner: Person;
let xMember: Person;
let yOwner: Person;
let yMember: Person;
let home: Home;
let y: Organization;
let foreign: Ids;
let yBefore: string;

/** Everything the owner of Y can see of Y, to prove nothing changed. */
async function snapshotOfY(): Promise<string> {
  const full = await yOwner.auth('get', '/organization/get-full-organization', { organizationId: y.id });
  const invitations = await yOwner.auth('get', '/organization/list-invitations', { organizationId: y.id });
  const roles = await yOwner.auth('get', '/organization/list-roles', { organizationId: y.id });
  const teamMembers = await yOwner.auth('get', '/organization/list-team-members', { teamId: foreign.teamId });
  return JSON.stringify([full.body, invitations.body, roles.body, teamMembers.body]);
}

function missingIds(): Ids {
  return {
    organizationId: randomUUID(),
    organizationSlug: `nowhere-${randomUUID().slice(0, 8)}`,
    memberId: randomUUID(),
    ownerMemberId: randomUUID(),
    invitationId: randomUUID(),
    teamId: randomUUID(),
    userId: randomUUID(),
    roleId: randomUUID(),
  };
}

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  ({ server, release: releaseServer } = await serverForFile());
  xOwner = await signUp(server, 'Xavier Owner');
  xMember = await signUp(server, 'Xena Member');
  yOwner = await signUp(server, 'Yolanda Owner');
  yMember = await signUp(server, 'Yuri Member');

  const x = await createOrganization(xOwner, 'Organization X');
  await addMember(xOwner, x.id, xMember, 'member');
  const xTeam = await createTeam(xOwner, x.id, 'X team');
  home = { organizationId: x.id, teamId: xTeam.id };
  // Both act in X: it is their active organization.
  for (const agent of [xOwner, xMember])
    expect((await agent.auth('post', '/organization/set-active', { organizationId: x.id })).status).toBe(200);

  y = await createOrganization(yOwner, 'Organization Y');
  const yMembership: Member = await addMember(yOwner, y.id, yMember, 'member');
  const [yOwnerMembership] = (await membersOf(yOwner, y.id)).filter((member) => member.role === 'owner');
  const yTeam: Team = await createTeam(yOwner, y.id, 'Y team');
  expect(
    (
      await yOwner.auth('post', '/organization/add-team-member', {
        organizationId: y.id,
        teamId: yTeam.id,
        userId: yOwner.user.id,
      })
    ).status,
  ).toBe(200);
  const yInvitation: Invitation = await invite(yOwner, y.id, uniqueEmail('someone-else'), 'member');
  const yRole = await createRole(yOwner, y.id, 'y-reviewer', { ac: ['read'] });
  foreign = {
    organizationId: y.id,
    organizationSlug: y.slug,
    memberId: yMembership.id,
    ownerMemberId: yOwnerMembership?.id ?? '',
    invitationId: yInvitation.id,
    teamId: yTeam.id,
    userId: yMember.user.id,
    roleId: yRole.id,
  };
  yBefore = await snapshotOfY();
});

afterAll(async () => {
  await releaseServer?.();
  vi.restoreAllMocks();
});

/** The parts of a 404 that must not depend on whether the id exists. */
const shape = (answer: Answer<unknown>) => ({ status: answer.status, body: answer.body });

describe.each([
  ['the owner of X', () => xOwner],
  ['a member of X', () => xMember],
])('%s, with the ids of organization Y', (_who, actor) => {
  it.each(cases)('$name answers 404, exactly as for an id that does not exist', async ({ call }) => {
    const withForeign = await call(actor(), foreign, home);
    const withMissing = await call(actor(), missingIds(), home);
    const detail = JSON.stringify(withForeign.body);
    expect(withForeign.status, detail).toBe(404);
    expect((withForeign.body as AuthError).code, detail).toMatch(
      /^(ORGANIZATION|MEMBER|INVITATION|TEAM|ROLE)_NOT_FOUND$/,
    );
    expect(shape(withForeign)).toEqual(shape(withMissing));
    for (const secret of [y.name, y.slug, yOwner.user.email, yMember.user.email])
      expect(detail).not.toContain(secret);
  });
});

describe('after all those attempts', () => {
  it('organization Y is exactly as it was', async () => {
    expect(await snapshotOfY()).toBe(yBefore);
  });

  it('X’s people still act in X: probing Y did not clear their active organization', async () => {
    expect((await sessionOf(xOwner))?.session.activeOrganizationId).toBe(home.organizationId);
    expect((await sessionOf(xMember))?.session.activeOrganizationId).toBe(home.organizationId);
  });

  it('lists show X’s people nothing of Y', async () => {
    const organizations = await xOwner.auth<Organization[]>('get', '/organization/list');
    expect(organizations.body.map((organization) => organization.id)).not.toContain(y.id);
    const teams = await xOwner.auth<Team[]>('get', '/organization/list-user-teams');
    expect(teams.body.map((team) => team.organizationId)).not.toContain(y.id);
    const received = await xOwner.auth('get', '/organization/list-user-invitations');
    expect(JSON.stringify(received.body)).not.toContain(y.id);
  });
});

describe('what stays reachable', () => {
  it('the person an invitation was sent to may read it, and decline it, though not yet a member', async () => {
    const invited = await signUp(server, 'Ivy Invited');
    const invitation = await invite(yOwner, y.id, invited.user.email, 'member');
    const read = await invited.auth<Invitation & { organizationName: string }>(
      'get',
      '/organization/get-invitation',
      {
        id: invitation.id,
      },
    );
    expect(read.status).toBe(200);
    expect(read.body.organizationName).toBe('Organization Y');
    const declined = await invited.auth('post', '/organization/reject-invitation', {
      invitationId: invitation.id,
    });
    expect(declined.status).toBe(200);
    const again = await invited.auth('get', '/organization/get-invitation', { id: invitation.id });
    expect(again.status).toBe(404);
  });

  it('a removed member loses access at once, with 404', async () => {
    const leaver = await signUp(server, 'Leo Leaver');
    const membership = await addMember(yOwner, y.id, leaver, 'admin');
    expect((await leaver.auth('get', '/organization/list-members', { organizationId: y.id })).status).toBe(
      200,
    );
    const removed = await yOwner.auth('post', '/organization/remove-member', {
      organizationId: y.id,
      memberIdOrEmail: membership.id,
    });
    expect(removed.status).toBe(200);
    const after = await leaver.auth('get', '/organization/list-members', { organizationId: y.id });
    expect(after.status).toBe(404);
    const permission = await leaver.auth('post', '/organization/has-permission', {
      permissions: { ac: ['read'] },
    });
    expect(permission.status).toBe(404);
  });
});
