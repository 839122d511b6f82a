import { organization, subscription } from '@switchboard/auth/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, signUp } from '../testing/auth-agent';
import { startFakeStripe } from '../testing/fake-stripe';
import { startTestServer, TEST_STRIPE, type TestServer } from '../testing/harness';
import { useOrganizationFixture } from '../testing/organization-fixture';
import { sessionOf } from '../testing/organizations';
import { caller, createProject, type Json, joinOrganizationOf } from '../testing/projects';

// Dialect-sensitive: simultaneous creations compete for a plan's last place under a row lock.

const DAY_MS = 24 * 60 * 60 * 1000;

describe('billing off (no Stripe configured)', () => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let owner: Person;
  let member: Person;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;

  beforeAll(async () => {
    // A fake the server could reach but is not configured to bill through: it must hear nothing.
    fake = await startFakeStripe({ webhookSecret: 'whsec_unused', prices: {} });
    server = await startTestServer({ env: { STRIPE_API_BASE: fake.url } });
    call = caller(server);
    owner = await signUp(server, 'Olive Owner');
    member = await signUp(server, 'Mia Member');
    await joinOrganizationOf(owner, member, 'member');
  });

  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it.each([
    ['owner', () => owner],
    ['member', () => member],
  ])('shows the %s a self-hosted plan with no limits', async (_role, person) => {
    const answer = await call(person(), 'GET', '/api/v1/billing');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      enabled: false,
      plan: 'self-hosted',
      planName: 'Self-hosted',
      status: 'none',
      trialEndsAt: null,
      trialDaysLeft: null,
      limits: { projects: null, agentProfiles: null },
      canManage: false,
      prices: { monthly: false, annual: false },
    });
  });

  it('tells the web app in its public config, so billing pages are not offered', async () => {
    const config = await call(owner, 'GET', '/api/v1/config');
    expect(config.body.billingEnabled).toBe(false);
  });

  it('refuses every billing action with BILLING_DISABLED', async () => {
    const attempts: [string, string, unknown?][] = [
      ['POST', '/api/v1/billing/checkout', { plan: 'team' }],
      ['POST', '/api/v1/billing/cancel'],
      ['POST', '/api/v1/billing/restore'],
      ['POST', '/api/v1/billing/portal'],
      ['GET', '/api/v1/billing/invoices'],
      ['GET', '/api/v1/billing/payment-method'],
      ['GET', '/api/v1/billing/checkout-sessions/cs_test_123'],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await call(owner, method, path, body);
      expect([path, answer.status, answer.body.error.code]).toEqual([path, 409, 'BILLING_DISABLED']);
    }
  });

  it('limits nothing and has no webhook', async () => {
    for (const key of ['ONE', 'TWO', 'THREE']) await createProject(server, owner, key);
    for (const name of ['a-one', 'a-two', 'a-three']) {
      expect((await call(owner, 'POST', '/api/v1/agents', { name })).status).toBe(201);
    }
    const usage = await call(owner, 'GET', '/api/v1/billing');
    expect(usage.body.usage).toEqual({ projects: 3, agentProfiles: 3, members: 2 });
    const webhook = await server.fetch(
      '/api/v1/auth/stripe/webhook',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
      { checkContract: false },
    );
    expect(webhook.status).toBe(404);
    expect(fake.requests).toEqual([]);
  });
});

describe('billing on (against the fake Stripe)', () => {
  const fixture = useOrganizationFixture({ server: { billing: true } });
  const { call } = fixture;
  let organizationId: string;
  let sessionId: string;

  const fake = () => {
    if (!fixture.server.fakeStripe) throw new Error('the server was started without the fake Stripe');
    return fixture.server.fakeStripe;
  };
  const db = () => fixture.server.server.database.db;
  const overview = async (person: Person = fixture.owner) =>
    (await call(person, 'GET', '/api/v1/billing')).body;
  const billingEvents = async () =>
    (await call(fixture.owner, 'GET', `/api/v1/activity?entityId=${organizationId}`)).body.items.filter(
      (item: Json) => item.action === 'billing.updated',
    );

  beforeAll(async () => {
    const active = (await sessionOf(fixture.owner))?.session.activeOrganizationId;
    if (!active) throw new Error('the owner has no active organization');
    organizationId = active;
  });

  it('tells the web app in its public config, so billing pages are offered', async () => {
    expect((await call(fixture.member, 'GET', '/api/v1/config')).body.billingEnabled).toBe(true);
  });

  it('gives a new organization 14 days of Team without a card', async () => {
    const { owner, admin, member, outsider } = fixture;
    for (const [person, canManage] of [
      [owner, true],
      [admin, true],
      [member, false],
    ] as const) {
      expect(await overview(person)).toMatchObject({
        enabled: true,
        plan: 'team',
        planName: 'Team',
        status: 'trialing',
        trialDaysLeft: 14,
        seats: null,
        cancelAtPeriodEnd: false,
        annual: null,
        limits: { projects: null, agentProfiles: null },
        usage: { projects: 1, agentProfiles: 0, members: 3 },
        canManage,
        prices: { monthly: true, annual: true },
      });
    }
    // The outsider reads their own organization's billing, never this one's.
    expect((await overview(outsider)).usage).toEqual({ projects: 1, agentProfiles: 0, members: 1 });
  });

  it('lets only owners and admins manage billing', async () => {
    const { member } = fixture;
    for (const [method, path, body] of [
      ['POST', '/api/v1/billing/checkout', { plan: 'team' }],
      ['POST', '/api/v1/billing/cancel'],
      ['POST', '/api/v1/billing/restore'],
      ['POST', '/api/v1/billing/portal'],
    ] as const) {
      const answer = await call(member, method, path, body);
      expect([path, answer.status, answer.body.error.code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    expect((await call(member, 'GET', '/api/v1/billing/invoices')).body).toEqual({
      items: [],
      nextCursor: null,
    });
    expect((await call(member, 'GET', '/api/v1/billing/payment-method')).body).toEqual({ card: null });
  });

  it('answers 404 for cancel, restore and portal before any subscription', async () => {
    const { owner } = fixture;
    for (const path of ['/api/v1/billing/cancel', '/api/v1/billing/restore', '/api/v1/billing/portal']) {
      const answer = await call(owner, 'POST', path);
      expect([path, answer.status, answer.body.error.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
  });

  it('refuses a checkout body it does not know', async () => {
    const { admin } = fixture;
    const answer = await call(admin, 'POST', '/api/v1/billing/checkout', { plan: 'enterprise' });
    expect(answer.status).toBe(400);
  });

  it('starts Stripe Checkout for an admin, without trial days', async () => {
    const { owner, admin } = fixture;
    const answer = await call(admin, 'POST', '/api/v1/billing/checkout', { plan: 'team' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.url).toMatch(new RegExp(`^${fake().url}/checkout/cs_test_`));
    sessionId = new URL(answer.body.url).pathname.split('/').at(-1) as string;
    const created = fake().requests.find(
      (request) => request.method === 'POST' && request.path === '/v1/checkout/sessions',
    );
    expect(created?.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: organizationId,
      line_items: [{ price: TEST_STRIPE.monthlyPrice, quantity: '3' }],
    });
    expect(JSON.stringify(created?.body.subscription_data)).not.toContain('trial');
    const session = await call(owner, 'GET', `/api/v1/billing/checkout-sessions/${sessionId}`);
    expect(session.body).toEqual({ id: sessionId, status: 'confirming', plan: 'team' });
  });

  it('never shows a checkout session to another organization', async () => {
    const { outsider } = fixture;
    for (const id of [sessionId, 'cs_test_unknown', 'not-a-session']) {
      const answer = await call(outsider, 'GET', `/api/v1/billing/checkout-sessions/${id}`);
      expect([id, answer.status, answer.body.error.code]).toEqual([id, 404, 'NOT_FOUND']);
    }
  });

  it('lets only one of many simultaneous creations take the last place of a plan', async () => {
    const { server } = fixture;
    const racer = await signUp(server, 'Rita Racer');
    const racerOrganization = (await sessionOf(racer))?.session.activeOrganizationId;
    if (!racerOrganization) throw new Error('no organization');
    await db()
      .update(organization)
      .set({ createdAt: new Date(Date.now() - 15 * DAY_MS) })
      .where(eq(organization.id, racerOrganization));
    const projects = await Promise.all(
      ['RA', 'RB', 'RC', 'RD', 'RE', 'RF'].map((key) =>
        call(racer, 'POST', '/api/v1/projects', { name: `Race ${key}`, key }),
      ),
    );
    expect(projects.map((answer) => answer.status).sort()).toEqual([201, 402, 402, 402, 402, 402]);
    const profiles = await Promise.all(
      ['r-one', 'r-two', 'r-three', 'r-four', 'r-five'].map((name) =>
        call(racer, 'POST', '/api/v1/agents', { name }),
      ),
    );
    expect(profiles.map((answer) => answer.status).sort()).toEqual([201, 201, 402, 402, 402]);
  });

  it('falls back to the free limits after the trial, keeping what exists editable', async () => {
    const { owner, member } = fixture;
    await db()
      .update(organization)
      .set({ createdAt: new Date(Date.now() - 15 * DAY_MS) })
      .where(eq(organization.id, organizationId));
    expect(await overview()).toMatchObject({
      plan: 'free',
      status: 'none',
      trialDaysLeft: null,
      limits: { projects: 1, agentProfiles: 2 },
    });
    const refused = await call(member, 'POST', '/api/v1/projects', { name: 'Second', key: 'SEC' });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      details: { limit: 'projects', max: 1, plan: 'free' },
    });
    expect(refused.body.error.message).toMatch(/Free plan allows 1 project\. .*upgrade to the Team plan/);
    const [existing] = (await call(member, 'GET', '/api/v1/projects')).body.items;
    const edited = await call(member, 'PATCH', `/api/v1/projects/${existing.id}`, {
      version: existing.version,
      name: 'Still editable',
    });
    expect(edited.status).toBe(200);
    for (const name of ['first-agent', 'second-agent']) {
      expect((await call(owner, 'POST', '/api/v1/agents', { name })).status).toBe(201);
    }
    const third = await call(owner, 'POST', '/api/v1/agents', { name: 'third-agent' });
    expect(third.status).toBe(402);
    expect(third.body.error.details).toEqual({ limit: 'agentProfiles', max: 2, plan: 'free' });
    expect(third.body.error.message).toMatch(/Free plan allows 2 agent profiles/);
  });

  it('confirms the payment when its webhook lands, then lifts the limits', async () => {
    const { owner, admin, member, server } = fixture;
    fake().holdWebhooks = true;
    const success = new URL(await fake().pay(sessionId));
    const lookup = `/api/v1/billing/checkout-sessions/${sessionId}`;
    expect((await call(owner, 'GET', lookup)).body.status).toBe('confirming');
    expect((await overview()).plan).toBe('free');

    await fake().releaseWebhooks();
    expect(fake().deliveries.map((delivery) => [delivery.event.type, delivery.status])).toEqual([
      ['customer.subscription.created', 200],
      ['checkout.session.completed', 200],
    ]);
    expect((await call(member, 'GET', lookup)).body.status).toBe('active');
    // Stripe sends the browser through the plugin's success route, which lands on our success page.
    const landing = await admin.raw(success.pathname + success.search);
    expect(landing.headers.get('location')).toBe(
      `${server.env.APP_URL}/dashboard/settings/billing/success?session_id=${sessionId}`,
    );
    const paid = await overview(member);
    expect(paid).toMatchObject({
      plan: 'team',
      status: 'active',
      trialDaysLeft: null,
      seats: 3,
      annual: false,
      cancelAtPeriodEnd: false,
      limits: { projects: null, agentProfiles: null },
    });
    expect(Date.parse(paid.periodEnd)).toBeGreaterThan(Date.now() + 27 * DAY_MS);
    expect((await billingEvents()).map((event: Json) => event.data)).toEqual([
      { plan: 'team', status: 'active', cancelAtPeriodEnd: false },
      { plan: 'free', status: 'none', cancelAtPeriodEnd: false },
    ]);
    expect((await call(member, 'POST', '/api/v1/projects', { name: 'Second', key: 'SEC' })).status).toBe(201);
  });

  it('lists the invoice and the card to every member', async () => {
    const { member, outsider } = fixture;
    const invoices = await call(member, 'GET', '/api/v1/billing/invoices');
    expect(invoices.body.nextCursor).toBeNull();
    expect(invoices.body.items).toEqual([
      expect.objectContaining({ amountDue: 3600, amountPaid: 3600, currency: 'usd', status: 'paid' }),
    ]);
    expect(invoices.body.items[0].pdfUrl).toMatch(/\.pdf$/);
    const unknownCursor = await call(member, 'GET', '/api/v1/billing/invoices?cursor=in_unknown');
    expect(unknownCursor.status).toBe(400);
    expect(unknownCursor.body.error.message).toMatch(/^cursor: /);
    const pastTheEnd = await call(
      member,
      'GET',
      `/api/v1/billing/invoices?cursor=${invoices.body.items[0].id}`,
    );
    expect(pastTheEnd.body).toEqual({ items: [], nextCursor: null });
    const card = await call(member, 'GET', '/api/v1/billing/payment-method');
    expect(card.body).toEqual({
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3 },
    });
    // Someone of another organization sees their own (empty) records, and cannot touch this one's.
    expect((await call(outsider, 'GET', '/api/v1/billing/invoices')).body).toEqual({
      items: [],
      nextCursor: null,
    });
    expect((await call(outsider, 'GET', '/api/v1/billing/payment-method')).body).toEqual({ card: null });
    expect((await call(outsider, 'POST', '/api/v1/billing/cancel')).status).toBe(404);
    expect((await overview(outsider)).status).toBe('trialing');
  });

  it('follows the members with the seat count', async () => {
    const { owner, server } = fixture;
    const newcomer = await signUp(server, 'Nia Newcomer');
    await joinOrganizationOf(owner, newcomer, 'member');
    expect((await overview()).seats).toBe(4);
    const update = fake().requests.findLast(
      (request) => request.method === 'POST' && request.path.startsWith('/v1/subscriptions/'),
    );
    expect(update?.body).toMatchObject({
      items: [{ quantity: '4' }],
      proration_behavior: 'create_prorations',
    });
  });

  it('applies a replayed webhook once', async () => {
    // The seat change before sends its own webhook in the background; it must land before counting.
    await fake().settled();
    const before = await billingEvents();
    const [row] = await db().select().from(subscription).where(eq(subscription.referenceId, organizationId));
    const completed = fake().deliveries.find(
      (delivery) => delivery.event.type === 'checkout.session.completed',
    );
    expect(await fake().deliver(completed?.event ?? {})).toBe(200);
    expect(await billingEvents()).toEqual(before);
    const [after] = await db()
      .select()
      .from(subscription)
      .where(eq(subscription.referenceId, organizationId));
    expect(after).toEqual(row);
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const before = await overview();
    const created = fake().deliveries[0]?.event as Json;
    const forged = {
      ...created,
      id: 'evt_forged',
      type: 'customer.subscription.updated',
      data: { object: { ...created.data.object, status: 'canceled' } },
    };
    expect(await fake().deliver(forged, 't=1,v1=0123456789abcdef')).toBe(400);
    expect(await overview()).toEqual(before);
  });

  it('refuses a second checkout of the same plan', async () => {
    const { owner } = fixture;
    const answer = await call(owner, 'POST', '/api/v1/billing/checkout', { plan: 'team' });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('CONFLICT');
  });

  it('cancels at the period end and restores, idempotently', async () => {
    const { owner, admin } = fixture;
    const cancelled = await call(owner, 'POST', '/api/v1/billing/cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ plan: 'team', status: 'active', cancelAtPeriodEnd: true });
    expect((await call(admin, 'POST', '/api/v1/billing/cancel')).body.cancelAtPeriodEnd).toBe(true);
    await fake().settled();
    expect((await overview()).cancelAtPeriodEnd).toBe(true);

    const restored = await call(admin, 'POST', '/api/v1/billing/restore');
    expect(restored.status).toBe(200);
    expect(restored.body.cancelAtPeriodEnd).toBe(false);
    expect((await call(owner, 'POST', '/api/v1/billing/restore')).body.cancelAtPeriodEnd).toBe(false);
    await fake().settled();
    expect((await overview()).cancelAtPeriodEnd).toBe(false);
    const updates = fake().requests.filter(
      (request) => request.method === 'POST' && request.path.startsWith('/v1/subscriptions/'),
    );
    expect(updates.map((request) => request.body).filter((body) => 'cancel_at_period_end' in body)).toEqual([
      { cancel_at_period_end: 'true' },
      { cancel_at_period_end: 'false' },
    ]);
  });

  it('switches a running monthly subscription to annual through the portal', async () => {
    const { owner } = fixture;
    const answer = await call(owner, 'POST', '/api/v1/billing/checkout', { plan: 'team', annual: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.url).toMatch(new RegExp(`^${fake().url}/portal/bps_`));
  });

  it('checks out the annual price for another organization, on its own customer', async () => {
    const { owner, outsider } = fixture;
    const answer = await call(outsider, 'POST', '/api/v1/billing/checkout', { plan: 'team', annual: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const id = new URL(answer.body.url).pathname.split('/').at(-1);
    const created = fake().requests.findLast(
      (request) => request.method === 'POST' && request.path === '/v1/checkout/sessions',
    );
    expect(created?.body.line_items).toEqual([{ price: TEST_STRIPE.annualPrice, quantity: '1' }]);
    expect(created?.body.client_reference_id).not.toBe(organizationId);
    expect((await call(owner, 'GET', `/api/v1/billing/checkout-sessions/${id}`)).status).toBe(404);
    expect((await call(outsider, 'GET', `/api/v1/billing/checkout-sessions/${id}`)).body.status).toBe(
      'confirming',
    );
  });

  it("refuses to delete the account of a paying organization's only member", async () => {
    const { outsider } = fixture;
    const answer = await call(outsider, 'POST', '/api/v1/billing/checkout', { plan: 'team' });
    await fake().pay(new URL(answer.body.url).pathname.split('/').at(-1) as string);
    expect((await overview(outsider)).status).toBe('active');
    const refused = await outsider.post('/api/v1/auth/delete-user', { password: outsider.password });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'ORGANIZATION_HAS_ACTIVE_SUBSCRIPTION' });
    expect((await overview(outsider)).status).toBe('active');
  });

  it('opens the billing portal for a manager', async () => {
    const { admin } = fixture;
    const answer = await call(admin, 'POST', '/api/v1/billing/portal');
    expect(answer.status).toBe(200);
    expect(answer.body.url).toMatch(new RegExp(`^${fake().url}/portal/bps_`));
  });
  it('falls back to Free when Stripe ends the subscription', async () => {
    const { member } = fixture;
    const created = fake().deliveries[0]?.event as Json;
    const ended = {
      ...created,
      id: 'evt_subscription_deleted',
      type: 'customer.subscription.deleted',
      data: {
        object: { ...created.data.object, status: 'canceled', ended_at: Math.floor(Date.now() / 1000) },
      },
    };
    expect(await fake().deliver(ended)).toBe(200);
    expect(await overview(member)).toMatchObject({
      plan: 'free',
      status: 'canceled',
      limits: { projects: 1, agentProfiles: 2 },
    });
    expect((await billingEvents())[0].data).toEqual({
      plan: 'free',
      status: 'canceled',
      cancelAtPeriodEnd: false,
    });
    const refused = await call(member, 'POST', '/api/v1/projects', { name: 'Third', key: 'THR' });
    expect(refused.body.error.code).toBe('PLAN_LIMIT_REACHED');
  });
});

describe('billing while Stripe cannot be reached', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ billing: true });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 BILLING_UNAVAILABLE, never a 500', async () => {
    const call = caller(server);
    const owner = await signUp(server, 'Olive Owner');
    expect((await call(owner, 'POST', '/api/v1/billing/checkout', { plan: 'team' })).status).toBe(200);
    await server.fakeStripe?.close();
    for (const [method, path, body] of [
      ['POST', '/api/v1/billing/checkout', { plan: 'team' }],
      ['POST', '/api/v1/billing/portal'],
      ['GET', '/api/v1/billing/invoices'],
      ['GET', '/api/v1/billing/payment-method'],
      ['GET', '/api/v1/billing/checkout-sessions/cs_test_123'],
    ] as const) {
      const answer = await call(owner, method, path, body);
      expect([path, answer.status, answer.body.error.code]).toEqual([path, 503, 'BILLING_UNAVAILABLE']);
    }
    // What needs no Stripe call still answers.
    expect((await call(owner, 'GET', '/api/v1/billing')).body.status).toBe('trialing');
  });
});
