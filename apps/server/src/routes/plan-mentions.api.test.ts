import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWithKey } from '../testing/agents';
import type { Person } from '../testing/auth-agent';
import { type FakeSmtp, headerOf, linkIn, mailsTo, startFakeSmtp, waitForMail } from '../testing/fake-smtp';
import { useOrganizationFixture } from '../testing/organization-fixture';
import type { Json } from '../testing/projects';

/**
 * A plan message that @mentions members reaches them by mail too (with a mail server configured), with
 * a link that opens the project's plan view on that plan. The writer and non-members get no mail.
 */

let smtp: FakeSmtp;

// Registered before the fixture, so the mail server is up when the fixture's server starts, and closed after it.
beforeAll(async () => {
  smtp = await startFakeSmtp();
});

afterAll(async () => {
  await smtp?.close();
});

const fixture = useOrganizationFixture({
  agentKey: true,
  server: () => ({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Switchboard <team@switchboard.test>' } }),
});
const { call } = fixture;

const handleOf = (person: Person) => `@${person.user.email.split('@')[0]}`;

async function propose(title: string): Promise<Json> {
  const created = await call(fixture.owner, 'POST', `/api/v1/projects/${fixture.project.id}/plans`, {
    title,
    items: [{ key: 'T1', kind: 'task', title: 'First step' }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function say(person: Person, planId: string, body: string): Promise<Json> {
  const written = await call(person, 'POST', `/api/v1/plans/${planId}/messages`, { body });
  expect(written.status, JSON.stringify(written.body)).toBe(201);
  return written.body;
}

/** The mail to `person` about the plan titled `title`, once it has arrived. */
const mailAbout = (person: Person, title: string) =>
  waitForMail(smtp, (mail) => mail.to.includes(person.user.email) && mail.text.includes(`"${title}"`));

/** Where a mail's plan link leads, as the web app reads it. */
function planTarget(link: string) {
  const url = new URL(link);
  return {
    origin: url.origin,
    pathname: url.pathname,
    view: url.searchParams.get('view'),
    plan: url.searchParams.get('plan'),
  };
}

describe('a plan message that mentions people', () => {
  it('mails each mentioned fixture.member a link to the plan, and never the writer', async () => {
    const plan = await propose('Checkout rework');
    await say(
      fixture.owner,
      plan.id,
      `${handleOf(fixture.admin)} and ${handleOf(fixture.member)}: thoughts? (cc ${handleOf(fixture.owner)})`,
    );

    for (const person of [fixture.admin, fixture.member]) {
      const mail = await mailAbout(person, 'Checkout rework');
      expect(mail.from).toBe('team@switchboard.test');
      expect(headerOf(mail, 'Subject')).toBe(
        '[Switchboard] Olive Owner mentioned you on the plan "Checkout rework"',
      );
      expect(mail.text).toContain('thoughts?');
      expect(planTarget(linkIn(mail, `/dashboard/projects/${fixture.project.id}`))).toEqual({
        origin: new URL(fixture.server.env.APP_URL).origin,
        pathname: `/dashboard/projects/${fixture.project.id}`,
        view: 'plan',
        plan: plan.id,
      });
    }
    // The inbox entry the mail is about names the same plan.
    const inbox = await call(fixture.member, 'GET', '/api/v1/notifications');
    expect(inbox.body.items.find((entry: Json) => entry.planId === plan.id)).toMatchObject({
      kind: 'mentioned',
      projectId: fixture.project.id,
      taskId: null,
    });
    expect(
      mailsTo(smtp, fixture.owner.user.email).filter((mail) => mail.text.includes('Checkout rework')),
    ).toEqual([]);
  });

  it('mails the fixture.owner when a fixture.member mentions them', async () => {
    const plan = await propose('Search filters');
    await say(fixture.member, plan.id, `${handleOf(fixture.owner)} is T1 enough?`);
    const mail = await mailAbout(fixture.owner, 'Search filters');
    expect(mail.text).toContain('Mia Member mentioned you on the plan "Search filters"');
    expect(planTarget(linkIn(mail, '/dashboard/projects/')).plan).toBe(plan.id);
  });

  it('mails the person an agent mentions', async () => {
    const plan = await propose('Agent proposal');
    const written = await sendWithKey(
      fixture.server,
      fixture.agentKey,
      'POST',
      `/api/v1/plans/${plan.id}/messages`,
      {
        body: `${handleOf(fixture.member)} I need a decision on T1`,
      },
    );
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const mail = await mailAbout(fixture.member, 'Agent proposal');
    expect(mail.text).toContain('backend-dev mentioned you on the plan "Agent proposal"');
    expect(planTarget(linkIn(mail, '/dashboard/projects/')).plan).toBe(plan.id);
  });

  it('mails nobody outside the organization, and an fixture.outsider cannot write on the plan', async () => {
    const plan = await propose('Private plan');
    const foreign = await call(fixture.outsider, 'POST', `/api/v1/plans/${plan.id}/messages`, {
      body: `${handleOf(fixture.admin)} look`,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('PLAN_NOT_FOUND');
    // The outsider's handle names nobody here; the fixture.admin mentioned alongside is mailed.
    await say(
      fixture.owner,
      plan.id,
      `${handleOf(fixture.outsider)} and ${handleOf(fixture.admin)}, please check`,
    );
    await mailAbout(fixture.admin, 'Private plan');
    expect(mailsTo(smtp, fixture.outsider.user.email)).toEqual([]);
    expect(smtp.messages.filter((mail) => mail.text.includes('Private plan'))).toHaveLength(1);
  });

  it('a message that mentions nobody sends no mail', async () => {
    const plan = await propose('Quiet plan');
    await say(fixture.owner, plan.id, 'Just thinking out loud, @nobody-here.');
    // A mention on a later plan arriving shows the mailer ran past the quiet one.
    const later = await propose('Loud plan');
    await say(fixture.owner, later.id, `${handleOf(fixture.admin)} over to you`);
    await mailAbout(fixture.admin, 'Loud plan');
    expect(smtp.messages.filter((mail) => mail.text.includes('Quiet plan'))).toEqual([]);
  });
});
