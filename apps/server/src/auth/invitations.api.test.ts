import { beforeAll, describe, expect, it } from 'vitest';
import { type AuthError, type Person, signUp, uniqueEmail } from '../testing/auth-agent';
import { headerOf, linkIn, startFakeSmtp, waitForMail } from '../testing/fake-smtp';
import { freePort } from '../testing/free-port';
import { startTestServer, type TestServer } from '../testing/harness';
import { captureLoggedLines } from '../testing/logged-lines';
import {
  accept,
  createOrganization,
  type Invitation,
  invite,
  type Member,
  membersOf,
  type Organization,
  sessionOf,
} from '../testing/organizations';
import { useServerWithMailServer, useTestServer } from '../testing/server-hooks';

/**
 * Invitations by e-mail with a role; accept, decline, cancel, resend; the mail goes out over
 * SMTP when SMTP_URL is set, and otherwise (or when sending fails) the link is logged: an invitation is
 * never silently lost.
 */

const logged = captureLoggedLines();

const linkFor = (server: TestServer, invitationId: string) =>
  `${server.env.APP_URL}/dashboard/invitations/${invitationId}`;

describe('without a mail server', () => {
  const fixture = useTestServer();
  let owner: Person;
  let organization: Organization;

  beforeAll(async () => {
    owner = await signUp(fixture.server, 'Olga Owner');
    organization = await createOrganization(owner, 'Invitational');
  });

  async function invitationsOf(): Promise<Invitation[]> {
    return (
      await owner.auth<Invitation[]>('get', '/organization/list-invitations', {
        organizationId: organization.id,
      })
    ).body;
  }

  it('logs the link of a new invitation, and the invited person accepts it with that role', async () => {
    const email = uniqueEmail('Ben');
    const invitation = await invite(owner, organization.id, email, 'admin');
    expect(invitation).toMatchObject({
      email,
      role: 'admin',
      status: 'pending',
      organizationId: organization.id,
    });
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(logged.all()).toContainEqual(
      `[invitations] ${email} was invited to Invitational as admin: ${linkFor(fixture.server, invitation.id)}`,
    );

    const ben = await signUp(fixture.server, 'Ben', { email });
    const read = await ben.auth<Invitation & { organizationName: string; inviterEmail: string }>(
      'get',
      '/organization/get-invitation',
      { id: invitation.id },
    );
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      organizationName: 'Invitational',
      inviterEmail: owner.user.email,
      role: 'admin',
    });

    const member = await accept(ben, invitation.id);
    expect(member).toMatchObject({ userId: ben.user.id, organizationId: organization.id, role: 'admin' });
    expect((await sessionOf(ben))?.session.activeOrganizationId).toBe(organization.id);
    const organizations = await ben.auth<Organization[]>('get', '/organization/list');
    expect(organizations.body.map((entry) => entry.id)).toContain(organization.id);
    expect((await invitationsOf()).find((entry) => entry.id === invitation.id)?.status).toBe('accepted');

    const twice = await ben.auth('post', '/organization/accept-invitation', { invitationId: invitation.id });
    expect(twice.status).toBe(404);
    const already = await owner.auth<AuthError>('post', '/organization/invite-member', {
      organizationId: organization.id,
      email,
      role: 'member',
    });
    expect(already.status).toBe(400);
    expect(already.body.code).toBe('USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
  });

  it('matches the address without regard to case', async () => {
    const email = uniqueEmail('Cara');
    const invitation = await invite(owner, organization.id, email.toUpperCase(), 'member');
    expect(invitation.email).toBe(email);
    const cara = await signUp(fixture.server, 'Cara', { email });
    expect((await accept(cara, invitation.id)).role).toBe('member');
  });

  it('lets the invited person decline', async () => {
    const email = uniqueEmail('Dina');
    const invitation = await invite(owner, organization.id, email, 'member');
    const dina = await signUp(fixture.server, 'Dina', { email });
    const declined = await dina.auth<{ invitation: Invitation }>('post', '/organization/reject-invitation', {
      invitationId: invitation.id,
    });
    expect(declined.status).toBe(200);
    expect(declined.body.invitation.status).toBe('rejected');
    expect((await membersOf(owner, organization.id)).map((member: Member) => member.userId)).not.toContain(
      dina.user.id,
    );
    const late = await dina.auth('post', '/organization/accept-invitation', { invitationId: invitation.id });
    expect(late.status).toBe(404);
  });

  it('lets the inviter cancel, after which the link leads nowhere', async () => {
    const email = uniqueEmail('Emil');
    const invitation = await invite(owner, organization.id, email, 'member');
    const canceled = await owner.auth<Invitation>('post', '/organization/cancel-invitation', {
      invitationId: invitation.id,
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('canceled');
    const emil = await signUp(fixture.server, 'Emil', { email });
    expect((await emil.auth('get', '/organization/get-invitation', { id: invitation.id })).status).toBe(404);
    expect(
      (await emil.auth('post', '/organization/accept-invitation', { invitationId: invitation.id })).status,
    ).toBe(404);
    expect(
      (await emil.auth<Organization[]>('get', '/organization/list')).body.map((entry) => entry.id),
    ).not.toContain(organization.id);
  });

  it('inviting the same address again replaces the pending invitation and logs a new link', async () => {
    const email = uniqueEmail('Finn');
    const first = await invite(owner, organization.id, email, 'member');
    const second = await invite(owner, organization.id, email, 'admin');
    expect(second.id).not.toBe(first.id);
    const statuses = Object.fromEntries((await invitationsOf()).map((entry) => [entry.id, entry.status]));
    expect(statuses[first.id]).toBe('canceled');
    expect(statuses[second.id]).toBe('pending');
    expect(logged.all().filter((line) => line.includes(email))).toEqual([
      `[invitations] ${email} was invited to Invitational as member: ${linkFor(fixture.server, first.id)}`,
      `[invitations] ${email} was invited to Invitational as admin: ${linkFor(fixture.server, second.id)}`,
    ]);
    const finn = await signUp(fixture.server, 'Finn', { email });
    expect(
      (await finn.auth('post', '/organization/accept-invitation', { invitationId: first.id })).status,
    ).toBe(404);
    expect((await accept(finn, second.id)).role).toBe('admin');
  });

  it('resending keeps the same invitation, extends it and sends the link again', async () => {
    const email = uniqueEmail('Gil');
    const first = await invite(owner, organization.id, email, 'member');
    const resent = await owner.auth<Invitation>('post', '/organization/invite-member', {
      organizationId: organization.id,
      email,
      role: 'member',
      resend: true,
    });
    expect(resent.status).toBe(200);
    expect(resent.body.id).toBe(first.id);
    expect(Date.parse(resent.body.expiresAt)).toBeGreaterThanOrEqual(Date.parse(first.expiresAt));
    expect(logged.all().filter((line) => line.endsWith(linkFor(fixture.server, first.id)))).toHaveLength(2);
  });

  it('refuses an address that is not one', async () => {
    const answer = await owner.auth<AuthError>('post', '/organization/invite-member', {
      organizationId: organization.id,
      email: 'not an address',
      role: 'member',
    });
    expect(answer.status).toBe(400);
  });

  it('an admin may not invite an owner; the owner may', async () => {
    const adminEmail = uniqueEmail('Hana');
    const hana = await signUp(fixture.server, 'Hana', { email: adminEmail });
    await accept(hana, (await invite(owner, organization.id, adminEmail, 'admin')).id);
    const refused = await hana.auth('post', '/organization/invite-member', {
      organizationId: organization.id,
      email: uniqueEmail('would-be-owner'),
      role: 'owner',
    });
    expect(refused.status).toBe(403);
    const allowed = await owner.auth('post', '/organization/invite-member', {
      organizationId: organization.id,
      email: uniqueEmail('co-owner'),
      role: 'owner',
    });
    expect(allowed.status).toBe(200);
  });
});

describe('with a mail server (SMTP_URL)', () => {
  const mailed = useServerWithMailServer('Switchboard <team@switchboard.test>');
  let owner: Person;

  beforeAll(async () => {
    owner = await signUp(mailed.server, 'Mona Mailer');
  });

  it('mails the invitation with the link to the invited address', async () => {
    const organization = await createOrganization(owner, 'Mailroom');
    const email = uniqueEmail('Nils');
    const invitation = await invite(owner, organization.id, email, 'member');
    const mail = await waitForMail(mailed.smtp);
    expect(mailed.smtp.messages).toHaveLength(1);
    expect(mail.from).toBe('team@switchboard.test');
    expect(mail.to).toEqual([email]);
    expect(headerOf(mail, 'Subject')).toBe('Mona Mailer invited you to Mailroom on Switchboard');
    expect(mail.text).toContain('Accept or decline: ');
    expect(linkIn(mail, '/dashboard/invitations/')).toBe(linkFor(mailed.server, invitation.id));
    expect(mail.text).toContain(owner.user.email);
    // Delivered, so nothing needed logging.
    expect(logged.all().join('\n')).not.toContain(invitation.id);
  });
});

describe('when the mail server fails', () => {
  it('still creates the invitation and logs the link to share by hand (recipient refused)', async () => {
    const smtp = await startFakeSmtp({ rejectRecipients: true });
    const server = await startTestServer({ env: { SMTP_URL: smtp.url } });
    try {
      const owner = await signUp(server, 'Pia');
      const organization = await createOrganization(owner, 'Bounced');
      const email = uniqueEmail('Quentin');
      const invitation = await invite(owner, organization.id, email, 'member');
      expect(smtp.messages).toHaveLength(0);
      const line = logged.all().find((entry) => entry.includes(invitation.id));
      expect(line).toMatch(
        new RegExp(`^\\[invitations\\] mail to ${email} failed \\(.+\\); share this link: `),
      );
      expect(line?.endsWith(linkFor(server, invitation.id))).toBe(true);
    } finally {
      await server.close();
      await smtp.close();
    }
  });

  it('still creates the invitation and logs the link (nothing listening)', async () => {
    const port = await freePort();
    const server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const owner = await signUp(server, 'Rex');
      const organization = await createOrganization(owner, 'Unreachable');
      const invitation = await invite(owner, organization.id, uniqueEmail('Sol'), 'member');
      const line = logged.all().find((entry) => entry.includes(invitation.id));
      expect(line).toContain('failed');
      expect(line?.endsWith(linkFor(server, invitation.id))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
