import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentProfile, createApiKey, sendWithKey } from '../testing/agents';
import { type Person, signUp } from '../testing/auth-agent';
import { type FakeSmtp, headerOf, linkIn, mailsTo, startFakeSmtp, waitForMail } from '../testing/fake-smtp';
import { startTestServer, type TestServer } from '../testing/harness';
import { caller, createProject, type Json, joinOrganizationOf, type TestProject } from '../testing/projects';

/**
 * A plan message that @mentions members reaches them by mail too (with a mail server configured), with
 * a link that opens the project's plan view on that plan. The writer and non-members get no mail.
 */

let server: TestServer;
let smtp: FakeSmtp;
let call: ReturnType<typeof caller>;
let owner: Person;
let admin: Person;
let member: Person;
let outsider: Person;
let swb: TestProject;
let agentKey: string;

const handleOf = (person: Person) => `@${person.user.email.split('@')[0]}`;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startTestServer({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Switchboard <team@switchboard.test>' },
  });
  call = caller(server);
  owner = await signUp(server, 'Olive Owner');
  admin = await signUp(server, 'Adam Admin');
  member = await signUp(server, 'Mia Member');
  outsider = await signUp(server, 'Otto Outsider');
  await joinOrganizationOf(owner, admin, 'admin');
  await joinOrganizationOf(owner, member, 'member');
  swb = await createProject(server, owner, 'SWB');
  await createProject(server, outsider, 'OUT');
  await createAgentProfile(server, owner, 'planner-bot');
  agentKey = (await createApiKey(owner, { name: 'planner', agentName: 'planner-bot' })).key;
}, 180_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function propose(title: string): Promise<Json> {
  const created = await call(owner, 'POST', `/api/v1/projects/${swb.id}/plans`, {
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
  it('mails each mentioned member a link to the plan, and never the writer', async () => {
    const plan = await propose('Checkout rework');
    await say(
      owner,
      plan.id,
      `${handleOf(admin)} and ${handleOf(member)}: thoughts? (cc ${handleOf(owner)})`,
    );

    for (const person of [admin, member]) {
      const mail = await mailAbout(person, 'Checkout rework');
      expect(mail.from).toBe('team@switchboard.test');
      expect(headerOf(mail, 'Subject')).toBe(
        '[Switchboard] Olive Owner mentioned you on the plan "Checkout rework"',
      );
      expect(mail.text).toContain('thoughts?');
      expect(planTarget(linkIn(mail, `/dashboard/projects/${swb.id}`))).toEqual({
        origin: new URL(server.env.APP_URL).origin,
        pathname: `/dashboard/projects/${swb.id}`,
        view: 'plan',
        plan: plan.id,
      });
    }
    // The inbox entry the mail is about names the same plan.
    const inbox = await call(member, 'GET', '/api/v1/notifications');
    expect(inbox.body.items.find((entry: Json) => entry.planId === plan.id)).toMatchObject({
      kind: 'mentioned',
      projectId: swb.id,
      taskId: null,
    });
    expect(mailsTo(smtp, owner.user.email).filter((mail) => mail.text.includes('Checkout rework'))).toEqual(
      [],
    );
  });

  it('mails the owner when a member mentions them', async () => {
    const plan = await propose('Search filters');
    await say(member, plan.id, `${handleOf(owner)} is T1 enough?`);
    const mail = await mailAbout(owner, 'Search filters');
    expect(mail.text).toContain('Mia Member mentioned you on the plan "Search filters"');
    expect(planTarget(linkIn(mail, '/dashboard/projects/')).plan).toBe(plan.id);
  });

  it('mails the person an agent mentions', async () => {
    const plan = await propose('Agent proposal');
    const written = await sendWithKey(server, agentKey, 'POST', `/api/v1/plans/${plan.id}/messages`, {
      body: `${handleOf(member)} I need a decision on T1`,
    });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const mail = await mailAbout(member, 'Agent proposal');
    expect(mail.text).toContain('planner-bot mentioned you on the plan "Agent proposal"');
    expect(planTarget(linkIn(mail, '/dashboard/projects/')).plan).toBe(plan.id);
  });

  it('mails nobody outside the organization, and an outsider cannot write on the plan', async () => {
    const plan = await propose('Private plan');
    const foreign = await call(outsider, 'POST', `/api/v1/plans/${plan.id}/messages`, {
      body: `${handleOf(admin)} look`,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('PLAN_NOT_FOUND');
    // The outsider's handle names nobody here; the admin mentioned alongside is mailed.
    await say(owner, plan.id, `${handleOf(outsider)} and ${handleOf(admin)}, please check`);
    await mailAbout(admin, 'Private plan');
    expect(mailsTo(smtp, outsider.user.email)).toEqual([]);
    expect(smtp.messages.filter((mail) => mail.text.includes('Private plan'))).toHaveLength(1);
  });

  it('a message that mentions nobody sends no mail', async () => {
    const plan = await propose('Quiet plan');
    await say(owner, plan.id, 'Just thinking out loud, @nobody-here.');
    // A mention on a later plan arriving shows the mailer ran past the quiet one.
    const later = await propose('Loud plan');
    await say(owner, later.id, `${handleOf(admin)} over to you`);
    await mailAbout(admin, 'Loud plan');
    expect(smtp.messages.filter((mail) => mail.text.includes('Quiet plan'))).toEqual([]);
  });
});
