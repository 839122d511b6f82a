import { describe, expect, it } from 'vitest';
import { sendWithKey } from '../testing/agents';
import type { Person } from '../testing/auth-agent';
import { ROLES, useOrganizationFixture } from '../testing/organization-fixture';
import { accept, createOrganization, invite, membersOf, sessionOf } from '../testing/organizations';
import type { Json } from '../testing/projects';
import { readSse } from '../testing/sse';

// Dialect-sensitive: the notice to the invitee's stream crosses processes by LISTEN/NOTIFY on
// PostgreSQL and stays in memory on PGlite.

const fixture = useOrganizationFixture({ agentKey: true });
const { call } = fixture;

async function organizationIdOf(person: Person): Promise<string> {
  const id = (await sessionOf(person))?.session.activeOrganizationId;
  if (!id) throw new Error(`${person.user.name} has no active organization`);
  return id;
}

async function pendingFor(person: Person): Promise<Json[]> {
  const answer = await call(person, 'GET', '/api/v1/invitations');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items;
}

describe('invitations to an existing account', () => {
  it('reach the invitee, wherever they work, live; they decline one and accept the next', async () => {
    const invitee = fixture.outsider;
    const organizationId = await organizationIdOf(fixture.owner);
    const stream = readSse(await invitee.raw('/api/v1/events'));
    await stream.next((message) => message.event === 'ready');

    // Sent to the address in another case: still theirs.
    const sent = await invite(fixture.admin, organizationId, invitee.user.email.toUpperCase(), 'member');
    await stream.next((message) => message.event === 'invitations');
    const [pending] = await pendingFor(invitee);
    expect(pending).toMatchObject({
      id: sent.id,
      role: 'member',
      organization: { id: organizationId },
      inviter: { name: fixture.admin.user.name, email: fixture.admin.user.email },
    });
    // Nobody else sees it: not the inviter, nor the organization's members.
    for (const role of ROLES) expect(await pendingFor(fixture[role])).toEqual([]);

    const declined = await invitee.auth('post', '/organization/reject-invitation', { invitationId: sent.id });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    await stream.next((message) => message.event === 'invitations');
    expect(await pendingFor(invitee)).toEqual([]);

    const again = await invite(fixture.owner, organizationId, invitee.user.email, 'admin');
    expect((await pendingFor(invitee)).map((item) => item.role)).toEqual(['admin']);
    await accept(invitee, again.id);
    expect(await pendingFor(invitee)).toEqual([]);
    expect((await membersOf(fixture.owner, organizationId)).map((member) => member.userId)).toContain(
      invitee.user.id,
    );
    await stream.close();
  });

  it('a cancelled invitation leaves the list, and the invitee is told', async () => {
    const invitee = fixture.member;
    const elsewhere = (await createOrganization(fixture.outsider, 'Elsewhere')).id;
    const stream = readSse(await invitee.raw('/api/v1/events'));
    await stream.next((message) => message.event === 'ready');
    const sent = await invite(fixture.outsider, elsewhere, invitee.user.email, 'member');
    await stream.next((message) => message.event === 'invitations');
    expect((await pendingFor(invitee)).map((item) => item.id)).toEqual([sent.id]);
    const cancelled = await fixture.outsider.auth('post', '/organization/cancel-invitation', {
      invitationId: sent.id,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await stream.next((message) => message.event === 'invitations');
    expect(await pendingFor(invitee)).toEqual([]);
    await stream.close();
  });

  it('an agent key has no invitations to read', async () => {
    const answer = await sendWithKey(fixture.server, fixture.agentKey, 'GET', '/api/v1/invitations');
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('FORBIDDEN');
  });
});
