import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentNotice,
  billingWebhookEvent,
  githubCommitCheck,
  githubDelivery,
  githubPullRequest,
  taskBranch,
  taskPullRequest,
} from '../db/schema';
import { type Person, signUp } from '../testing/auth-agent';
import { A_MONTH_MS, movableClock, onMovedClock } from '../testing/clock';
import { checkRunPayload, deliver, pullRequestPayload, pushPayload } from '../testing/github-deliveries';
import { startTestServer, type TestServer } from '../testing/harness';
import type { McpAgent } from '../testing/mcp-agent';
import { useMcpWorkspace } from '../testing/mcp-workspace';
import { createProject, type Json, joinOrganizationOf, send, type TestProject } from '../testing/projects';
import { createTestRuleSet } from '../testing/rule-sets';
import { createTestTemplate } from '../testing/templates';

/*
 * A change happens at the time its clock gives: the rows it makes and changes record that time, not
 * the database's, and so does what it leaves beside its own rows (inbox entries, notices for agents,
 * GitHub's pull requests and links, Stripe's events, a scaffold noted on a task) and what is written
 * outside a change (saved views, connected repositories). The servers here run a month ahead of the
 * system clock, so a row stamped by the database instead would be a month early.
 */

const clock = movableClock();
const space = useMcpWorkspace({ agents: ['backend-dev'], server: { start: { clock } } });
let bea: Person;
let agent: McpAgent;
/** A project made once the clock had moved. */
let project: TestProject;

beforeAll(async () => {
  bea = await signUp(space.server, 'Bea');
  await joinOrganizationOf(space.person, bea);
  clock.advance(A_MONTH_MS);
  project = await createProject(space.server, space.person, 'TIME');
  agent = await space.connect('backend-dev', { query: { project: space.project.key } });
});

const handleOf = (person: Person) => `@${person.user.email.split('@')[0]}`;

async function as(person: Person, method: string, path: string, body?: unknown): Promise<Json> {
  const reply = await space.call(person, method, path, body);
  if (reply.status >= 300)
    throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

const newTask = (person: Person, title: string, extra: Record<string, unknown> = {}) =>
  as(person, 'POST', `/api/v1/projects/${space.project.id}/tasks`, { title, ...extra });

describe('rows carry the time of the change that wrote them', () => {
  it('a work unit made, edited and deleted', async () => {
    const parent = await as(space.person, 'POST', `/api/v1/projects/${project.id}/work-units`, {
      title: 'Parent',
    });
    expect([onMovedClock(parent.createdAt), onMovedClock(parent.updatedAt)]).toEqual([true, true]);
    const child = await as(space.person, 'POST', `/api/v1/projects/${project.id}/work-units`, {
      title: 'Child',
      parentWorkUnitId: parent.id,
    });
    const edited = await as(space.person, 'PATCH', `/api/v1/work-units/${parent.slug}`, {
      version: parent.version,
      title: 'Parent, renamed',
    });
    expect(onMovedClock(edited.updatedAt)).toBe(true);
    await as(space.person, 'DELETE', `/api/v1/work-units/${parent.slug}?confirm=true`);
    const movedUp = await as(space.person, 'GET', `/api/v1/work-units/${child.slug}`);
    expect([movedUp.parentWorkUnitId, onMovedClock(movedUp.updatedAt)]).toEqual([null, true]);
  });

  it('a project, its task and a comment on it', async () => {
    const made = await as(space.person, 'GET', `/api/v1/projects/${project.id}`);
    expect(onMovedClock(made.createdAt)).toBe(true);
    const task = await as(space.person, 'POST', `/api/v1/projects/${project.id}/tasks`, { title: 'Timed' });
    expect([onMovedClock(task.createdAt), onMovedClock(task.updatedAt)]).toEqual([true, true]);
    const comment = await as(space.person, 'POST', `/api/v1/tasks/${task.key}/comments`, { body: 'Noted.' });
    expect(onMovedClock(comment.createdAt)).toBe(true);
  });

  it('a label, a template, a rule set and a plan', async () => {
    const label = await as(space.person, 'POST', '/api/v1/labels', { name: 'Timed' });
    const template = await createTestTemplate(space.server, space.person, 'timed');
    const ruleSet = await createTestRuleSet(space.server, space.person, 'timed');
    const plan = await as(space.person, 'POST', `/api/v1/projects/${project.id}/plans`, {
      title: 'Timed plan',
      outline: ['## Work', '- A task'].join('\n'),
    });
    expect([label, template, ruleSet, plan].map((row) => onMovedClock(row.createdAt))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});

describe('rows beside a change carry its time', () => {
  it('a notice for the agent whose claimed task a person moved', async () => {
    const held = await newTask(space.person, 'Held');
    await agent.call('claim-task', { task: held.key });
    await space.rest('POST', `/api/v1/tasks/${held.id}/move`, {
      version: held.version,
      statusId: space.project.inProgress,
    });
    // Read before the agent's next call, which takes the notice.
    const notices = await space
      .db()
      .select({ createdAt: agentNotice.createdAt })
      .from(agentNotice)
      .where(eq(agentNotice.agentName, 'backend-dev'));
    expect(notices.map((row) => onMovedClock(row.createdAt))).toEqual([true]);
  });

  it('every kind of inbox entry', async () => {
    const ada = space.person;
    // Assigned to Bea; Ada's task moved to review by Bea; Ada mentioned by Bea on a task and a plan.
    await newTask(ada, 'For Bea', { assigneeUserId: bea.user.id });
    const adas = await newTask(ada, 'Ada’s');
    await as(bea, 'POST', `/api/v1/tasks/${adas.id}/move`, {
      version: adas.version,
      statusId: space.project.review,
    });
    await as(bea, 'POST', `/api/v1/tasks/${adas.key}/comments`, { body: `${handleOf(ada)} have a look` });
    const plan = await as(ada, 'POST', `/api/v1/projects/${space.project.id}/plans`, {
      title: 'Timed plan',
      outline: ['## Work', '- A task'].join('\n'),
    });
    await as(bea, 'POST', `/api/v1/plans/${plan.id}/messages`, { body: `${handleOf(ada)} agreed?` });
    // The agent asks Ada, whose key it acts with.
    const asked = await newTask(ada, 'Asked');
    await agent.call('claim-task', { task: asked.key });
    await agent.call('request-input', { question: 'Which region?' });

    const entries = [
      ...(await as(ada, 'GET', '/api/v1/notifications')).items,
      ...(await as(bea, 'GET', '/api/v1/notifications')).items,
    ];
    const kinds = (entry: Json) => `${entry.kind}${entry.planId ? ' on a plan' : ''}`;
    expect(entries.map((entry: Json) => [kinds(entry), onMovedClock(entry.createdAt)]).sort()).toEqual([
      ['assigned', true],
      ['input_requested', true],
      ['mentioned on a plan', true],
      ['mentioned', true],
      ['task_review', true],
    ]);
  });

  it('a saved view made and edited outside a change', async () => {
    const view = await space.rest('POST', `/api/v1/projects/${space.project.id}/views`, {
      name: 'Timed',
      shared: false,
      search: { sort: 'priority' },
    });
    const edited = await space.rest('PATCH', `/api/v1/views/${view.id}`, {
      version: view.version,
      name: 'Timed, renamed',
    });
    expect([onMovedClock(view.createdAt), onMovedClock(edited.updatedAt)]).toEqual([true, true]);
  });

  it('a scaffold an agent records on a task', async () => {
    await createTestTemplate(space.server, space.person, 'services');
    const project = await space.rest('GET', `/api/v1/projects/${space.project.id}`);
    await space.rest('PATCH', `/api/v1/projects/${space.project.id}`, {
      version: project.version,
      template: 'services',
    });
    const scaffolder = await space.connect('backend-dev', {
      query: { project: space.project.key, toolsets: 'core,scaffold' },
    });
    const scaffolded = await newTask(space.person, 'Scaffolded');
    await scaffolder.call('use-scaffold-method', {
      scaffold_feature_name: 'service',
      variables: { serviceName: 'timed' },
      task: scaffolded.key,
    });
    const { devInfo } = await space.rest('GET', `/api/v1/tasks/${scaffolded.key}`);
    expect(devInfo.scaffolds.map((entry: Json) => onMovedClock(entry.at))).toEqual([true]);
  });

  it("a connected repository, GitHub's deliveries and the links they make", async () => {
    const linked = await newTask(space.person, 'Linked');
    const byHand = await newTask(space.person, 'By hand');
    const repository = await space.rest('POST', `/api/v1/projects/${space.project.id}/repositories`, {
      owner: 'acme',
      name: 'api',
    });
    const branch = `${linked.key.toLowerCase()}-timed`;
    for (const [event, payload] of [
      ['pull_request', pullRequestPayload({ action: 'opened', number: 1, branch, sha: 'sha-timed' })],
      ['push', pushPayload(branch, [{ id: 'c0ffee1', message: `${linked.key}: timed` }])],
      ['check_run', checkRunPayload('sha-timed', 1, 'completed', 'success')],
    ] as const) {
      const received = await deliver(space.server, repository, event, payload);
      expect([event, received.status, received.body.outcome]).toEqual([event, 202, 'applied']);
    }
    await space.rest('POST', `/api/v1/tasks/${byHand.key}/pull-requests`, {
      url: 'https://github.com/acme/api/pull/2',
    });

    const db = space.db();
    const times = {
      repository: [repository.createdAt],
      deliveries: (
        await db.select().from(githubDelivery).where(eq(githubDelivery.repositoryId, repository.id))
      ).map((row) => row.receivedAt),
      pullRequests: (
        await db.select().from(githubPullRequest).where(eq(githubPullRequest.repositoryId, repository.id))
      ).map((row) => row.updatedAt),
      taskPullRequests: (await db.select().from(taskPullRequest)).map((row) => row.linkedAt),
      branches: (await db.select().from(taskBranch).where(eq(taskBranch.repositoryId, repository.id))).map(
        (row) => row.linkedAt,
      ),
      checks: (
        await db.select().from(githubCommitCheck).where(eq(githubCommitCheck.repositoryId, repository.id))
      ).map((row) => row.updatedAt),
    };
    expect(
      Object.fromEntries(
        Object.entries(times).map(([kind, rows]) => [kind, rows.map((at) => onMovedClock(at))]),
      ),
    ).toEqual({
      repository: [true],
      deliveries: [true, true, true],
      pullRequests: [true, true],
      taskPullRequests: [true, true],
      branches: [true],
      checks: [true],
    });
  });
});

describe("Stripe's events", () => {
  const stripeClock = movableClock();
  let billed: TestServer;
  let owner: Person;

  beforeAll(async () => {
    billed = await startTestServer({ billing: true, start: { clock: stripeClock } });
    owner = await signUp(billed, 'Olive');
    stripeClock.advance(A_MONTH_MS);
  });

  afterAll(async () => {
    await billed?.close();
  });

  it('are remembered at the time they were applied', async () => {
    const fake = billed.fakeStripe;
    if (!fake) throw new Error('the server was started without the fake Stripe');
    const checkout = await send(billed, owner, 'POST', '/api/v1/billing/checkout', { plan: 'team' });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    await fake.pay(new URL(checkout.body.url).pathname.split('/').at(-1) as string);
    await fake.settled();
    const events = await billed.server.database.db.select().from(billingWebhookEvent);
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((row) => !onMovedClock(row.receivedAt))).toEqual([]);
  });
});
