import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, signUp } from '../../testing/auth-agent';
import { serverForFile, type TestServer } from '../../testing/harness';
import { sessionOf } from '../../testing/organizations';
import { caller, createProject } from '../../testing/projects';
import { domainServicesOn } from '../../testing/services';
import type { ActingContext } from '../actor';
import { addPlanMessage } from './messages';
import { waitForPlanMessages } from './messages-wait';

// Dialect-sensitive: a waiter wakes on the event bus, which is LISTEN/NOTIFY on PostgreSQL and in memory on
// PGlite.

let server: TestServer;
let release: (() => Promise<void>) | undefined;
let ada: Person;
let planId: string;
let asAda: ActingContext;
const asAgent = (organizationId: string): ActingContext => ({
  organizationId,
  actor: { type: 'agent', id: 'key1', name: 'backend-dev' },
});

beforeAll(async () => {
  ({ server, release } = await serverForFile());
  ada = await signUp(server, 'Ada');
  const project = await createProject(server, ada, 'WAIT');
  const plan = await caller(server)(ada, 'POST', `/api/v1/projects/${project.id}/plans`, {
    title: 'Wait',
    items: [{ key: 'T1', kind: 'task', title: 'One' }],
  });
  expect(plan.status).toBe(201);
  planId = plan.body.id;
  const organizationId = (await sessionOf(ada))?.session.activeOrganizationId as string;
  asAda = { organizationId, actor: { type: 'user', id: ada.user.id, name: 'Ada' } };
}, 60_000);

afterAll(async () => {
  await release?.();
});

describe('waiting for plan messages', () => {
  it('wakes as soon as someone else writes, and skips the waiter’s own words', async () => {
    const services = domainServicesOn(server.server.database.db);
    const agent = asAgent(asAda.organizationId);
    const own = await addPlanMessage(services, agent, planId, { body: 'Is T1 right?' });
    const started = Date.now();
    const waiting = waitForPlanMessages(services, agent, planId, {
      since: own.id,
      waitMs: 60_000,
      othersOnly: true,
    });
    // The agent's own follow-up does not end the wait; Ada's answer does.
    setTimeout(() => void addPlanMessage(services, agent, planId, { body: 'Also T2?' }), 100);
    setTimeout(() => void addPlanMessage(services, asAda, planId, { body: 'Yes, go ahead' }), 400);
    const answers = await waiting;
    expect(answers.map((message) => message.body)).toEqual(['Yes, go ahead']);
    // Woken by the answer, not by the end of the wait: half the limit leaves room for a busy machine.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('answers what is already there without waiting, and nothing when the time runs out', async () => {
    const services = domainServicesOn(server.server.database.db);
    const agent = asAgent(asAda.organizationId);
    const already = await waitForPlanMessages(services, agent, planId, { waitMs: 20_000 });
    expect(already.length).toBeGreaterThan(0);
    const last = already.at(-1)?.id;
    const started = Date.now();
    const none = await waitForPlanMessages(services, agent, planId, { since: last, waitMs: 300 });
    expect(none).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});
