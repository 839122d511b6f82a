import { randomBytes } from 'node:crypto';
import { type Permission, type Resource, roleAllows, statements } from '@switchboard/auth/access';
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
  type Cast,
  createRole,
  createTeam,
  type Invitation,
  invite,
  MATRIX_ROLES,
  type MatrixRole,
  membersOf,
  type Organization,
  personFor,
  type StagedOrganization,
  stageOrganization,
  type Team,
} from '../testing/organizations';

/**
 * The role table, written out independently of packages/auth/src/access.ts so that a change there that
 * breaks the table fails here: owner everything, admin everything but organization:delete, member only
 * ac:read; a comma-separated role list may do what any of its roles may.
 */
const SPEC_TABLE: Record<MatrixRole, (resource: string, action: string) => boolean> = {
  owner: () => true,
  admin: (resource, action) => !(resource === 'organization' && action === 'delete'),
  member: (resource, action) => resource === 'ac' && action === 'read',
  'admin,member': (resource, action) =>
    SPEC_TABLE.admin(resource, action) || SPEC_TABLE.member(resource, action),
};

const unique = (label: string) => `${label}-${randomBytes(3).toString('hex')}`;

interface CellContext {
  cast: Cast;
  candidate: Person;
  staged: StagedOrganization;
}

interface Action<Prepared> {
  /**
   * A new organization for every cell the action is allowed in: it changes who or what is in it. A
   * refused cell changes nothing (which it asserts), so it runs in the shared organization.
   */
  fresh?: boolean;
  prepare(context: CellContext): Promise<Prepared>;
  /** Calls the real better-auth endpoint for the statement, as `actor`. */
  run(actor: AuthAgent, context: CellContext, prepared: Prepared): Promise<Answer<unknown>>;
  /** Whether the action took effect, as the owner sees it (reads: whether the answer carried the data). */
  happened(context: CellContext, prepared: Prepared, answer: Answer<unknown>): Promise<boolean>;
}

// One helper keeps each action's `Prepared` type checked while the table holds them side by side.
const action = <Prepared>(definition: Action<Prepared>) => definition as Action<unknown>;
const orgId = (context: CellContext) => context.staged.organization.id;
const nothing = async () => undefined;

async function invitationsOf(context: CellContext): Promise<Invitation[]> {
  const answer = await context.cast.owner.auth<Invitation[]>('get', '/organization/list-invitations', {
    organizationId: orgId(context),
  });
  return answer.body;
}

async function teamsOf(context: CellContext): Promise<Team[]> {
  const answer = await context.cast.owner.auth<Team[]>('get', '/organization/list-teams', {
    organizationId: orgId(context),
  });
  return answer.body;
}

async function roleNamed(context: CellContext, role: string) {
  const answer = await context.cast.owner.auth<{ role: string; permission: Record<string, string[]> }>(
    'get',
    '/organization/get-role',
    { organizationId: orgId(context), roleName: role },
  );
  return answer.status === 200 ? answer.body : null;
}

/** Every access-control statement and the real endpoint that exercises it. */
const ACTIONS: Record<string, Action<unknown>> = {
  'organization:update': action({
    prepare: async () => unique('Renamed'),
    run: (actor, context, name) =>
      actor.auth('post', '/organization/update', { organizationId: orgId(context), data: { name } }),
    async happened(context, name) {
      const answer = await context.cast.owner.auth<Organization>(
        'get',
        '/organization/get-full-organization',
        {
          organizationId: orgId(context),
        },
      );
      return answer.body.name === name;
    },
  }),
  'organization:delete': action({
    fresh: true,
    prepare: nothing,
    run: (actor, context) => actor.auth('post', '/organization/delete', { organizationId: orgId(context) }),
    async happened(context) {
      const answer = await context.cast.owner.auth<Organization[]>('get', '/organization/list');
      return !answer.body.some((organization) => organization.id === orgId(context));
    },
  }),
  // better-auth's only HTTP way to create a member is an invitation, accepted by the invitee.
  'member:create': action({
    fresh: true,
    prepare: nothing,
    async run(actor, context) {
      const answer = await actor.auth<Invitation>('post', '/organization/invite-member', {
        organizationId: orgId(context),
        email: context.candidate.user.email,
        role: 'member',
      });
      if (answer.status === 200)
        await context.candidate.auth('post', '/organization/accept-invitation', {
          invitationId: answer.body.id,
        });
      return answer;
    },
    async happened(context) {
      const members = await membersOf(context.cast.owner, orgId(context));
      return members.some((member) => member.userId === context.candidate.user.id);
    },
  }),
  'member:update': action({
    fresh: true,
    prepare: nothing,
    run: (actor, context) =>
      actor.auth('post', '/organization/update-member-role', {
        organizationId: orgId(context),
        memberId: context.staged.memberIds.target,
        role: 'admin',
      }),
    async happened(context) {
      const members = await membersOf(context.cast.owner, orgId(context));
      return members.find((member) => member.id === context.staged.memberIds.target)?.role === 'admin';
    },
  }),
  'member:delete': action({
    fresh: true,
    prepare: nothing,
    run: (actor, context) =>
      actor.auth('post', '/organization/remove-member', {
        organizationId: orgId(context),
        memberIdOrEmail: context.staged.memberIds.target,
      }),
    async happened(context) {
      const members = await membersOf(context.cast.owner, orgId(context));
      return !members.some((member) => member.id === context.staged.memberIds.target);
    },
  }),
  'invitation:create': action({
    prepare: async () => uniqueEmail('invitee'),
    run: (actor, context, email) =>
      actor.auth('post', '/organization/invite-member', {
        organizationId: orgId(context),
        email,
        role: 'member',
      }),
    async happened(context, email) {
      return (await invitationsOf(context)).some(
        (entry) => entry.email === email && entry.status === 'pending',
      );
    },
  }),
  'invitation:cancel': action({
    prepare: (context) => invite(context.cast.owner, orgId(context), uniqueEmail('to-cancel'), 'member'),
    run: (actor, _context, invitation) =>
      actor.auth('post', '/organization/cancel-invitation', { invitationId: invitation.id }),
    async happened(context, invitation) {
      return (
        (await invitationsOf(context)).find((entry) => entry.id === invitation.id)?.status === 'canceled'
      );
    },
  }),
  'team:create': action({
    prepare: async () => unique('Team'),
    run: (actor, context, name) =>
      actor.auth('post', '/organization/create-team', { organizationId: orgId(context), name }),
    async happened(context, name) {
      return (await teamsOf(context)).some((team) => team.name === name);
    },
  }),
  'team:update': action({
    prepare: async (context) => ({
      team: await createTeam(context.cast.owner, orgId(context), unique('Team')),
      name: unique('Renamed team'),
    }),
    run: (actor, context, { team, name }) =>
      actor.auth('post', '/organization/update-team', {
        teamId: team.id,
        data: { name, organizationId: orgId(context) },
      }),
    async happened(context, { team, name }) {
      return (await teamsOf(context)).find((entry) => entry.id === team.id)?.name === name;
    },
  }),
  'team:delete': action({
    prepare: (context) => createTeam(context.cast.owner, orgId(context), unique('Team')),
    run: (actor, context, team) =>
      actor.auth('post', '/organization/remove-team', { organizationId: orgId(context), teamId: team.id }),
    async happened(context, team) {
      return !(await teamsOf(context)).some((entry) => entry.id === team.id);
    },
  }),
  'ac:create': action({
    prepare: async () => unique('reviewer'),
    run: (actor, context, role) =>
      actor.auth('post', '/organization/create-role', {
        organizationId: orgId(context),
        role,
        permission: { ac: ['read'] },
      }),
    async happened(context, role) {
      return (await roleNamed(context, role)) !== null;
    },
  }),
  'ac:read': action({
    prepare: (context) => createRole(context.cast.owner, orgId(context), unique('reader'), { ac: ['read'] }),
    run: (actor, context) =>
      actor.auth('get', '/organization/list-roles', { organizationId: orgId(context) }),
    async happened(_context, role, answer) {
      return Array.isArray(answer.body) && answer.body.some((entry: { id?: string }) => entry.id === role.id);
    },
  }),
  'ac:update': action({
    prepare: (context) => createRole(context.cast.owner, orgId(context), unique('editor'), { ac: ['read'] }),
    run: (actor, context, role) =>
      actor.auth('post', '/organization/update-role', {
        organizationId: orgId(context),
        roleName: role.role,
        data: { permission: { ac: ['read'], team: ['create'] } },
      }),
    async happened(context, role) {
      return (await roleNamed(context, role.role))?.permission.team?.includes('create') ?? false;
    },
  }),
  'ac:delete': action({
    prepare: (context) => createRole(context.cast.owner, orgId(context), unique('retired'), { ac: ['read'] }),
    run: (actor, context, role) =>
      actor.auth('post', '/organization/delete-role', {
        organizationId: orgId(context),
        roleName: role.role,
      }),
    async happened(context, role) {
      return (await roleNamed(context, role.role)) === null;
    },
  }),
};

const STATEMENTS = (Object.keys(statements) as Resource[]).flatMap((resource) =>
  statements[resource].map((verb) => ({ resource, verb: verb as string, name: `${resource}:${verb}` })),
);

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;
let cast: Cast;
let candidate: Person;
let shared: StagedOrganization;

beforeAll(async () => {
  // Every invitation logs its link (no SMTP here); the invitations tests read those lines.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  ({ server, release: releaseServer } = await serverForFile());
  cast = {
    owner: await signUp(server, 'Olivia Owner'),
    admin: await signUp(server, 'Adam Admin'),
    member: await signUp(server, 'Mia Member'),
    adminMember: await signUp(server, 'Ada Admin-Member'),
    target: await signUp(server, 'Tom Target'),
    outsider: await signUp(server, 'Otto Outsider'),
  };
  candidate = await signUp(server, 'Cora Candidate');
  shared = await stageOrganization(cast, 'Shared');
});

afterAll(async () => {
  await releaseServer?.();
  vi.restoreAllMocks();
});

describe('the access-control definition', () => {
  it('defines exactly the statements the role table grants or refuses', () => {
    expect(STATEMENTS.map((statement) => statement.name).sort()).toEqual(
      [
        'ac:create',
        'ac:delete',
        'ac:read',
        'ac:update',
        'invitation:cancel',
        'invitation:create',
        'member:create',
        'member:delete',
        'member:update',
        'organization:delete',
        'organization:update',
        'team:create',
        'team:delete',
        'team:update',
      ].sort(),
    );
  });

  it.each(STATEMENTS)('has a real endpoint exercising $name', ({ name }) => {
    expect(ACTIONS[name], `no action for ${name}`).toBeDefined();
  });

  it.each(MATRIX_ROLES)("roleAllows() agrees with the table for '%s'", (role) => {
    for (const { resource, verb } of STATEMENTS) {
      const permission = { [resource]: [verb] } as Permission;
      expect(roleAllows(role, permission), `${role} ${resource}:${verb}`).toBe(
        SPEC_TABLE[role](resource, verb),
      );
    }
  });
});

type Who = MatrixRole | 'outsider';
const WHO: Who[] = [...MATRIX_ROLES, 'outsider'];

const cells = STATEMENTS.flatMap((statement) => WHO.map((who) => ({ ...statement, who })));

describe('every statement × every role, through the real endpoints', () => {
  it.each(cells)('$name as $who', async ({ name, resource, verb, who }) => {
    const definition = ACTIONS[name];
    if (!definition) throw new Error(`no action for ${name}`);
    const allowed = who !== 'outsider' && SPEC_TABLE[who](resource, verb);
    const staged = definition.fresh && allowed ? await stageOrganization(cast) : shared;
    const context: CellContext = { cast, candidate, staged };
    const prepared = await definition.prepare(context);
    const actor = who === 'outsider' ? cast.outsider : personFor(cast, who);
    const answer = await definition.run(actor, context, prepared);
    const detail = `${who} ${name} answered ${answer.status} ${JSON.stringify(answer.body)}`;
    if (allowed) {
      expect(answer.status, detail).toBe(200);
      expect(await definition.happened(context, prepared, answer), detail).toBe(true);
    } else {
      // A member refused the action gets 403; an outsider gets 404, so the id is not even confirmed.
      expect(answer.status, detail).toBe(who === 'outsider' ? 404 : 403);
      expect(await definition.happened(context, prepared, answer), detail).toBe(false);
      if (who === 'outsider') expect((answer.body as AuthError).code, detail).toMatch(/_NOT_FOUND$/);
    }
  });
});

describe('/organization/has-permission agrees with the table', () => {
  it.each(WHO)('for %s', async (who) => {
    const actor = who === 'outsider' ? cast.outsider : personFor(cast, who);
    for (const { resource, verb, name } of STATEMENTS) {
      const answer = await actor.auth<{ success: boolean }>('post', '/organization/has-permission', {
        organizationId: shared.organization.id,
        permissions: { [resource]: [verb] },
      });
      if (who === 'outsider') {
        expect(answer.status, name).toBe(404);
        continue;
      }
      expect(answer.status, name).toBe(200);
      expect(answer.body.success, `${who} ${name}`).toBe(SPEC_TABLE[who](resource, verb));
    }
  });

  it('answers for the active organization when none is named', async () => {
    // The member's active organization is the last one they joined: a staged one where they are a member.
    const answer = await cast.member.auth<{ success: boolean }>('post', '/organization/has-permission', {
      permissions: { ac: ['read'] },
    });
    expect(answer.body.success).toBe(true);
    const denied = await cast.member.auth<{ success: boolean }>('post', '/organization/has-permission', {
      permissions: { team: ['create'] },
    });
    expect(denied.body.success).toBe(false);
  });
});

describe('role changes the table implies', () => {
  it("sets a comma-separated role with update-member-role and an array, and 'admin,member' then acts as admin", async () => {
    const staged = await stageOrganization(cast);
    const set = await cast.owner.auth<{ role: string }>('post', '/organization/update-member-role', {
      organizationId: staged.organization.id,
      memberId: staged.memberIds.target,
      role: ['admin', 'member'],
    });
    expect(set.status).toBe(200);
    expect(set.body.role).toBe('admin,member');
    const team = await cast.target.auth('post', '/organization/create-team', {
      organizationId: staged.organization.id,
      name: 'Made by a promoted member',
    });
    expect(team.status).toBe(200);
  });

  it('an admin cannot make anyone an owner, nor change the owner', async () => {
    // Every attempt is refused, so the shared organization is left as it was.
    const staged = shared;
    const promote = await cast.admin.auth('post', '/organization/update-member-role', {
      organizationId: staged.organization.id,
      memberId: staged.memberIds.target,
      role: 'owner',
    });
    expect(promote.status).toBe(403);
    const demote = await cast.admin.auth('post', '/organization/update-member-role', {
      organizationId: staged.organization.id,
      memberId: staged.memberIds.owner,
      role: 'member',
    });
    expect(demote.status).toBe(403);
    const members = await membersOf(cast.owner, staged.organization.id);
    expect(members.find((member) => member.id === staged.memberIds.owner)?.role).toBe('owner');
    expect(members.find((member) => member.id === staged.memberIds.target)?.role).toBe('member');
  });

  it('a member cannot promote themselves', async () => {
    const answer = await cast.member.auth('post', '/organization/update-member-role', {
      organizationId: shared.organization.id,
      memberId: shared.memberIds.member,
      role: 'admin',
    });
    expect(answer.status).toBe(403);
    const members = await membersOf(cast.owner, shared.organization.id);
    expect(members.find((member) => member.id === shared.memberIds.member)?.role).toBe('member');
  });

  it('the only owner cannot leave or be removed', async () => {
    // Every attempt is refused, so the shared organization is left as it was.
    const staged = shared;
    const leave = await cast.owner.auth('post', '/organization/leave', {
      organizationId: staged.organization.id,
    });
    expect(leave.status).toBe(400);
    const removed = await cast.admin.auth('post', '/organization/remove-member', {
      organizationId: staged.organization.id,
      memberIdOrEmail: staged.memberIds.owner,
    });
    // An admin is refused for the first reason that applies: only an owner may remove an owner.
    expect(removed.status).toBe(403);
    expect((removed.body as { code?: string }).code).toBe('ONLY_OWNERS_REMOVE_OWNERS');
    expect(await membersOf(cast.owner, staged.organization.id)).toHaveLength(5);
  });

  it('member:create counts: a custom role with invitation:create alone cannot bring people in', async () => {
    const staged = await stageOrganization(cast);
    const organizationId = staged.organization.id;
    await createRole(cast.owner, organizationId, 'inviter-only', { invitation: ['create'] });
    await createRole(cast.owner, organizationId, 'recruiter', { invitation: ['create'], member: ['create'] });
    const grant = async (role: string) =>
      cast.owner.auth('post', '/organization/update-member-role', {
        organizationId,
        memberId: staged.memberIds.target,
        role,
      });
    expect((await grant('inviter-only')).status).toBe(200);
    const refused = await cast.target.auth('post', '/organization/invite-member', {
      organizationId,
      email: uniqueEmail('nope'),
      role: 'member',
    });
    expect(refused.status).toBe(403);
    expect((await grant('recruiter')).status).toBe(200);
    const allowed = await cast.target.auth('post', '/organization/invite-member', {
      organizationId,
      email: uniqueEmail('welcome'),
      role: 'member',
    });
    expect(allowed.status).toBe(200);
  });
});
