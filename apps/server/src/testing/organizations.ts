import { randomBytes } from 'node:crypto';
import type { AuthAgent, Person } from './auth-agent';

export interface Organization {
  id: string;
  name: string;
  slug: string;
  logo?: string | null;
  metadata?: unknown;
}

export interface Member {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
}

export interface Invitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  status: 'pending' | 'accepted' | 'rejected' | 'canceled';
  teamId?: string | null;
  expiresAt: string;
}

export interface Team {
  id: string;
  name: string;
  organizationId: string;
}

export interface SessionAnswer {
  session: { id: string; token: string; userId: string; activeOrganizationId: string | null };
  user: { id: string; name: string; email: string; image?: string | null };
}

function expectStatus(what: string, answer: { status: number; body: unknown }, status = 200): void {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status} (wanted ${status}): ${JSON.stringify(answer.body)}`);
}

export async function sessionOf(agent: AuthAgent): Promise<SessionAnswer | null> {
  const answer = await agent.auth<SessionAnswer | null>('get', '/get-session');
  expectStatus('get-session', answer);
  return answer.body;
}

/** Creates an organization owned by `owner`, leaving their active organization as it was. */
export async function createOrganization(owner: AuthAgent, name?: string): Promise<Organization> {
  const label = name ?? `Org ${randomBytes(3).toString('hex')}`;
  const slug = `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(3).toString('hex')}`;
  const answer = await owner.auth<Organization>('post', '/organization/create', {
    name: label,
    slug,
    keepCurrentActiveOrganization: true,
  });
  expectStatus('organization/create', answer);
  return answer.body;
}

export async function invite(
  inviter: AuthAgent,
  organizationId: string,
  email: string,
  role: string | string[],
): Promise<Invitation> {
  const answer = await inviter.auth<Invitation>('post', '/organization/invite-member', {
    organizationId,
    email,
    role,
  });
  expectStatus(`invite ${email}`, answer);
  return answer.body;
}

export async function accept(invitee: AuthAgent, invitationId: string): Promise<Member> {
  const answer = await invitee.auth<{ member: Member }>('post', '/organization/accept-invitation', {
    invitationId,
  });
  expectStatus('accept-invitation', answer);
  return answer.body.member;
}

/** Brings `person` into the organization with `role`, the real way: invitation, then acceptance. */
export async function addMember(
  inviter: AuthAgent,
  organizationId: string,
  person: Person,
  role: string | string[],
): Promise<Member> {
  const invitation = await invite(inviter, organizationId, person.user.email, role);
  return accept(person, invitation.id);
}

export async function createTeam(agent: AuthAgent, organizationId: string, name: string): Promise<Team> {
  const answer = await agent.auth<Team>('post', '/organization/create-team', { organizationId, name });
  expectStatus('create-team', answer);
  return answer.body;
}

export async function createRole(
  agent: AuthAgent,
  organizationId: string,
  role: string,
  permission: Record<string, string[]>,
): Promise<{ id: string; role: string }> {
  const answer = await agent.auth<{ roleData: { id: string; role: string } }>(
    'post',
    '/organization/create-role',
    { organizationId, role, permission },
  );
  expectStatus('create-role', answer);
  return answer.body.roleData;
}

export async function membersOf(agent: AuthAgent, organizationId: string): Promise<Member[]> {
  const answer = await agent.auth<{ members: Member[] }>('get', '/organization/list-members', {
    organizationId,
  });
  expectStatus('list-members', answer);
  return answer.body.members;
}

/** The roles (owner, admin, member) as people hold them, plus one more plain member to act upon. */
export const MATRIX_ROLES = ['owner', 'admin', 'member', 'admin,member'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

export interface Cast {
  owner: Person;
  admin: Person;
  member: Person;
  adminMember: Person;
  /** A plain member the others act upon (change role, remove). */
  target: Person;
  /** Someone who belongs to other organizations only. */
  outsider: Person;
}

export interface StagedOrganization {
  organization: Organization;
  /** Member ids by who holds them. */
  memberIds: Record<'owner' | 'admin' | 'member' | 'adminMember' | 'target', string>;
}

/** Which person of the cast holds a role. */
export function personFor(cast: Cast, role: MatrixRole): Person {
  if (role === 'owner') return cast.owner;
  if (role === 'admin') return cast.admin;
  if (role === 'member') return cast.member;
  return cast.adminMember;
}

/**
 * A new organization of `cast.owner` with the admin, the member, the 'admin,member' and the target
 * brought in by invitation (the 'admin,member' role as a role list, stored comma-separated).
 */
export async function stageOrganization(cast: Cast, name?: string): Promise<StagedOrganization> {
  const organization = await createOrganization(cast.owner, name);
  const [owner] = await membersOf(cast.owner, organization.id);
  if (!owner) throw new Error('the creator is not a member of the new organization');
  const admin = await addMember(cast.owner, organization.id, cast.admin, 'admin');
  const member = await addMember(cast.owner, organization.id, cast.member, 'member');
  const adminMember = await addMember(cast.owner, organization.id, cast.adminMember, ['admin', 'member']);
  const target = await addMember(cast.owner, organization.id, cast.target, 'member');
  if (adminMember.role !== 'admin,member')
    throw new Error(`'admin,member' was stored as ${adminMember.role}`);
  return {
    organization,
    memberIds: {
      owner: owner.id,
      admin: admin.id,
      member: member.id,
      adminMember: adminMember.id,
      target: target.id,
    },
  };
}
