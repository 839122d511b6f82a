import { account, member, organization, session, user } from '@switchboard/auth/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuthAgent, type AuthError, type Person, signIn, signUp, TEST_PASSWORD } from '../testing/auth-agent';
import { captureLoggedLines } from '../testing/logged-lines';
import {
  addMember,
  createOrganization,
  membersOf,
  type Organization,
  sessionOf,
} from '../testing/organizations';
import { useTestServer } from '../testing/server-hooks';

/** My sessions (list, revoke one, revoke others, revoke all), my name and image, my account. */

// Quiets the links the server logs for want of a mail server.
captureLoggedLines();
const fixture = useTestServer();

interface ListedSession {
  id: string;
  token: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

/** Signs the person in again from another "device". */
async function otherDevice(person: Person, userAgent: string): Promise<AuthAgent> {
  const agent = new AuthAgent(fixture.server);
  const answer = await agent.post(
    '/api/v1/auth/sign-in/email',
    { email: person.user.email, password: person.password },
    { headers: { 'user-agent': userAgent } },
  );
  expect(answer.status).toBe(200);
  return agent;
}

const signedIn = async (agent: AuthAgent) => (await sessionOf(agent)) !== null;

const db = () => fixture.server.server.database.db;

describe('sessions', () => {
  it('lists my sessions with their device and last activity, and only mine', async () => {
    const ann = await signUp(fixture.server, 'Ann', { headers: { 'user-agent': 'Firefox on the laptop' } });
    await otherDevice(ann, 'Safari on the phone');
    const stranger = await signUp(fixture.server, 'Stranger');
    const listed = await ann.auth<ListedSession[]>('get', '/list-sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.map((entry) => entry.userAgent).sort()).toEqual([
      'Firefox on the laptop',
      'Safari on the phone',
    ]);
    for (const entry of listed.body) {
      expect(Date.parse(entry.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(entry.ipAddress).toBe('127.0.0.1');
    }
    expect(JSON.stringify(listed.body)).not.toContain(stranger.token);
  });

  it('revokes one session: that browser is signed out on its next request, the others are not', async () => {
    const ben = await signUp(fixture.server, 'Ben');
    const phone = await otherDevice(ben, 'phone');
    const tablet = await otherDevice(ben, 'tablet');
    const listed = (await ben.auth<ListedSession[]>('get', '/list-sessions')).body;
    const phoneSession = listed.find((entry) => entry.userAgent === 'phone');
    const revoked = await ben.auth('post', '/revoke-session', { token: phoneSession?.token });
    expect(revoked.status).toBe(200);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(tablet)).toBe(true);
    expect(await signedIn(ben)).toBe(true);
    expect((await ben.auth<ListedSession[]>('get', '/list-sessions')).body).toHaveLength(2);
  });

  it('cannot revoke someone else’s session, even knowing its token', async () => {
    const cat = await signUp(fixture.server, 'Cat');
    const dog = await signUp(fixture.server, 'Dog');
    const answer = await cat.auth('post', '/revoke-session', { token: dog.token });
    expect(answer.status).toBeLessThan(500);
    expect(await signedIn(dog)).toBe(true);
  });

  it('revoke-other-sessions signs every other browser out on its next request and keeps this one', async () => {
    const dee = await signUp(fixture.server, 'Dee');
    const laptop = await otherDevice(dee, 'laptop');
    const phone = await otherDevice(dee, 'phone');
    expect(await signedIn(laptop)).toBe(true);
    const answer = await dee.auth('post', '/revoke-other-sessions');
    expect(answer.status).toBe(200);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    // The next request of a revoked browser is refused, not only its session read.
    expect((await laptop.auth('get', '/organization/list')).status).toBe(401);
    expect(await signedIn(dee)).toBe(true);
    expect((await dee.auth<ListedSession[]>('get', '/list-sessions')).body).toHaveLength(1);
  });

  it('revoke-sessions signs out everywhere, this browser included', async () => {
    const eli = await signUp(fixture.server, 'Eli');
    const laptop = await otherDevice(eli, 'laptop');
    const answer = await eli.auth('post', '/revoke-sessions');
    expect(answer.status).toBe(200);
    expect(await signedIn(eli)).toBe(false);
    expect(await signedIn(laptop)).toBe(false);
    expect(await db().select().from(session).where(eq(session.userId, eli.user.id))).toEqual([]);
  });

  it('a bearer token stops working once its session is revoked', async () => {
    const fox = await signUp(fixture.server, 'Fox');
    const device = await otherDevice(fox, 'cli');
    const listed = (await fox.auth<ListedSession[]>('get', '/list-sessions')).body;
    const cli = listed.find((entry) => entry.userAgent === 'cli');
    const bearer = { authorization: `Bearer ${cli?.token}` };
    expect(
      (await new AuthAgent(fixture.server).get('/api/v1/auth/get-session', { headers: bearer })).body,
    ).not.toBeNull();
    await fox.auth('post', '/revoke-other-sessions');
    expect(
      (await new AuthAgent(fixture.server).get('/api/v1/auth/get-session', { headers: bearer })).body,
    ).toBeNull();
    expect(await signedIn(device)).toBe(false);
  });
});

describe('profile', () => {
  it('updates my name and image, and the session shows them', async () => {
    const gia = await signUp(fixture.server, 'Gia');
    const answer = await gia.auth('post', '/update-user', {
      name: 'Gia Long',
      image: 'https://example.com/gia.png',
    });
    expect(answer.status).toBe(200);
    const current = await sessionOf(gia);
    expect(current?.user).toMatchObject({ name: 'Gia Long', image: 'https://example.com/gia.png' });
    const cleared = await gia.auth('post', '/update-user', { image: null });
    expect(cleared.status).toBe(200);
    expect((await sessionOf(gia))?.user.image).toBeNull();
  });

  it('does not change the address through update-user', async () => {
    const hal = await signUp(fixture.server, 'Hal');
    const answer = await hal.auth<AuthError>('post', '/update-user', { email: 'new@example.com' });
    expect(answer.status).toBe(400);
    expect((await sessionOf(hal))?.user.email).toBe(hal.user.email);
  });

  it('needs a session', async () => {
    const answer = await new AuthAgent(fixture.server).post('/api/v1/auth/update-user', { name: 'Nobody' });
    expect(answer.status).toBe(401);
  });
});

describe('deleting my account', () => {
  it('needs my password: without it, or with a wrong one, nothing happens', async () => {
    const ivy = await signUp(fixture.server, 'Ivy');
    const without = await ivy.auth<AuthError>('post', '/delete-user', {});
    expect(without.status).toBe(400);
    expect(without.body.code).toBe('PASSWORD_REQUIRED');
    const wrong = await ivy.auth<AuthError>('post', '/delete-user', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_PASSWORD');
    expect(await signedIn(ivy)).toBe(true);
    expect(await db().select().from(user).where(eq(user.id, ivy.user.id))).toHaveLength(1);
  });

  it('with my password removes me, my sessions, my accounts and the organizations only I was in', async () => {
    const jay = await signUp(fixture.server, 'Jay');
    const laptop = await otherDevice(jay, 'laptop');
    const personalId = (await sessionOf(jay))?.session.activeOrganizationId ?? '';
    const side = await createOrganization(jay, 'Side project');
    await jay.auth('post', '/organization/create-team', { organizationId: side.id, name: 'Just me' });

    const answer = await jay.auth<{ success: boolean }>('post', '/delete-user', { password: TEST_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(await signedIn(jay)).toBe(false);
    expect(await signedIn(laptop)).toBe(false);
    const signInAgain = await new AuthAgent(fixture.server).post('/api/v1/auth/sign-in/email', {
      email: jay.user.email,
      password: TEST_PASSWORD,
    });
    expect(signInAgain.status).toBe(401);

    expect(await db().select().from(user).where(eq(user.id, jay.user.id))).toEqual([]);
    expect(await db().select().from(session).where(eq(session.userId, jay.user.id))).toEqual([]);
    expect(await db().select().from(account).where(eq(account.userId, jay.user.id))).toEqual([]);
    expect(await db().select().from(member).where(eq(member.userId, jay.user.id))).toEqual([]);
    for (const id of [personalId, side.id])
      expect(await db().select().from(organization).where(eq(organization.id, id))).toEqual([]);
  });

  it('leaves shared organizations to the others', async () => {
    const kai = await signUp(fixture.server, 'Kai');
    const lea = await signUp(fixture.server, 'Lea');
    const shared = await createOrganization(lea, 'Lea and friends');
    await addMember(lea, shared.id, kai, 'admin');
    const answer = await kai.auth('post', '/delete-user', { password: TEST_PASSWORD });
    expect(answer.status).toBe(200);
    const members = await membersOf(lea, shared.id);
    expect(members.map((entry) => entry.userId)).toEqual([lea.user.id]);
  });

  it('is refused while I am the only owner of an organization others are in, until someone else owns it', async () => {
    const max = await signUp(fixture.server, 'Max');
    const ned = await signUp(fixture.server, 'Ned');
    const shared = await createOrganization(max, 'Max & Co');
    const nedMember = await addMember(max, shared.id, ned, 'admin');

    const refused = await max.auth<AuthError>('post', '/delete-user', { password: TEST_PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SOLE_OWNER_OF_SHARED_ORGANIZATION');
    expect(refused.body.message).toContain('Max & Co');
    expect(await signedIn(max)).toBe(true);
    // Nothing was deleted on the way: not even the personal organization.
    expect((await max.auth<Organization[]>('get', '/organization/list')).body).toHaveLength(2);

    await max.auth('post', '/organization/update-member-role', {
      organizationId: shared.id,
      memberId: nedMember.id,
      role: 'owner',
    });
    const deleted = await max.auth('post', '/delete-user', { password: TEST_PASSWORD });
    expect(deleted.status).toBe(200);
    const remaining = await membersOf(ned, shared.id);
    expect(remaining.map((entry) => ({ userId: entry.userId, role: entry.role }))).toEqual([
      { userId: ned.user.id, role: 'owner' },
    ]);
  });

  it('a second session of the deleted person is signed out too', async () => {
    const ora = await signUp(fixture.server, 'Ora');
    const again = await signIn(fixture.server, ora.user.email);
    await ora.auth('post', '/delete-user', { password: TEST_PASSWORD });
    expect(await signedIn(again)).toBe(false);
  });
});
