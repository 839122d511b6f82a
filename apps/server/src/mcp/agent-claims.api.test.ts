import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentSession, task } from '../db/schema';
import { createApiKey, sendWithKey } from '../testing/agents';
import { movableClock } from '../testing/clock';
import { connectAgent, type McpAgent, ToolError, textOf } from '../testing/mcp-agent';
import { keyOf } from '../testing/mcp-fixtures';
import { useMcpWorkspace } from '../testing/mcp-workspace';
import type { Json } from '../testing/projects';
import { DEFAULT_MCP_TIMINGS } from './http';

// Dialect-sensitive: claims and leases are decided by row locks, which only wait on PostgreSQL.

const SWEEP_EVERY_MS = 60_000;
const SESSION_TIMEOUT_MS = 5 * 60_000;

const clock = movableClock();
/** Moves the server's clock past the sweep and touch intervals: the next request sweeps and touches. */
const advanceClock = () => clock.advance(Math.max(SWEEP_EVERY_MS, DEFAULT_MCP_TIMINGS.touchEveryMs));

const options = { query: { project: 'SWB', toolsets: 'all' } };

const space = useMcpWorkspace({
  agents: ['backend-dev', 'frontend-dev'],
  server: {
    start: {
      clock,
      mcp: {
        timings: { sweepEveryMs: SWEEP_EVERY_MS, sessionTimeoutMs: SESSION_TIMEOUT_MS },
      },
    },
  },
});
const { rest, db } = space;
let backend: McpAgent;
let frontend: McpAgent;

beforeAll(async () => {
  backend = await space.connect('backend-dev', options);
  frontend = await space.connect('frontend-dev', options);
});

const newTask = (title: string, extra: Record<string, unknown> = {}) =>
  rest('POST', `/api/v1/projects/${space.project.id}/tasks`, { title, ...extra });

const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the tool to refuse');
    },
    (error: unknown) => {
      if (!(error instanceof ToolError)) throw error;
      return error;
    },
  );

const activityOf = async (id: string) => (await rest('GET', `/api/v1/activity?entityId=${id}`)).items;

/** Makes the task's lease run out now, as if its holder had gone quiet for ten minutes. */
const expireLease = (id: string) =>
  db().update(task).set({ claimExpiresAt: sql`now() - interval '1 second'` }).where(eq(task.id, id));

describe('a claim binds other agents', () => {
  it('refuses another agent’s move, update and usage report with TASK_CLAIMED, over MCP and REST', async () => {
    const held = await newTask('Held by backend');
    await backend.call('claim-task', { task: held.key });
    const expiresAt = (await rest('GET', `/api/v1/tasks/${held.id}`)).claim.expiresAt;

    for (const [tool, args] of [
      ['move-task', { task: held.key, status: 'In Progress' }],
      ['update-task', { task: held.key, title: 'Mine now' }],
      ['report-usage', { task: held.key, inputTokens: 10 }],
      ['reorder-tasks', { status: 'Todo', tasks: [held.key] }],
      ['claim-task', { task: held.key }],
      ['release-task', { task: held.key }],
    ] as const) {
      const error = await refused(frontend.call(tool, args));
      expect(error.code, `${tool}: ${error.text}`).toBe('TASK_CLAIMED');
      expect(error.text).toContain('claimed by backend-dev');
      expect(error.text).toContain(expiresAt);
    }

    const frontendKey = keyOf(space, 'frontend-dev');
    const move = await sendWithKey(space.server, frontendKey, 'POST', `/api/v1/tasks/${held.id}/move`, {
      version: held.version,
      statusId: space.project.inProgress,
    });
    expect(move.status).toBe(409);
    expect(move.body.error).toMatchObject({
      code: 'TASK_CLAIMED',
      details: { holder: { agentName: 'backend-dev', expiresAt } },
    });
    const update = await sendWithKey(space.server, frontendKey, 'PATCH', `/api/v1/tasks/${held.id}`, {
      version: held.version,
      title: 'Mine now',
    });
    expect(update.status).toBe(409);
    expect(update.body.error.code).toBe('TASK_CLAIMED');

    // Commenting stays open to everyone; the holder itself writes as usual.
    const comment = await sendWithKey(
      space.server,
      frontendKey,
      'POST',
      `/api/v1/tasks/${held.id}/comments`,
      {
        body: 'I can help with the tests',
      },
    );
    expect(comment.status).toBe(201);
    await backend.call('move-task', { task: held.key, status: 'In Progress' });
    const read = await rest('GET', `/api/v1/tasks/${held.id}`);
    expect(read).toMatchObject({
      title: 'Held by backend',
      statusId: space.project.inProgress,
      version: held.version + 1,
      usage: { inputTokens: 0 },
    });
  });

  it('lets a person act, records the override and tells the holder on its next call', async () => {
    const held = await newTask('Overridden');
    await backend.call('claim-task', { task: held.key });
    // In progress, not review: handing a task in to review would end the claim.
    await rest('POST', `/api/v1/tasks/${held.id}/move`, {
      version: held.version,
      statusId: space.project.inProgress,
    });
    const [moved] = await activityOf(held.id);
    expect(moved).toMatchObject({
      action: 'task.moved',
      actor: { name: 'Ada' },
      summary: expect.stringContaining("overrode backend-dev's claim"),
      data: { override: { agentName: 'backend-dev' } },
    });
    // The claim stands; the holder learns of the change with its next result, once.
    const next = await backend.callRaw('get-task', { task: held.key });
    expect((await rest('GET', `/api/v1/tasks/${held.id}`)).claim).not.toBeNull();
    expect(next.content).toHaveLength(2);
    expect(JSON.parse(textOf({ ...next, content: next.content.slice(0, 1) }))).toEqual(
      next.structuredContent,
    );
    expect(next.content[1]).toMatchObject({
      type: 'text',
      text: expect.stringContaining(`Ada moved ${held.key}`),
    });
    expect((await backend.callRaw('get-task', { task: held.key })).content).toHaveLength(1);
    // Nobody else is told.
    expect((await frontend.callRaw('get-task', { task: held.key })).content).toHaveLength(1);
  });

  it('moving a task to a done status releases its claim, whoever moves it', async () => {
    const held = await newTask('Finished by a person');
    await backend.call('claim-task', { task: held.key });
    const done = await rest('POST', `/api/v1/tasks/${held.id}/move`, {
      version: held.version,
      statusId: space.project.done,
    });
    expect(done.claim).toBeNull();
    const actions = (await activityOf(held.id)).map((item: Json) => item.action);
    expect(actions.slice(0, 2)).toEqual(['task.released', 'task.moved']);
    // Free again: another agent may now reopen it.
    expect((await frontend.call('claim-task', { task: held.key })).claimed).toBe(true);
  });
});

describe('a claim belongs to the agent', () => {
  it('a restarted agent (new session, same key) resumes its claimed work first, continues and releases it', async () => {
    // An agent of its own, so no claim left by the tests above is resumed instead.
    await rest('POST', '/api/v1/agents', { name: 'migrator' });
    const { key } = await createApiKey(space.person, { name: 'migrator key', agentName: 'migrator' });
    const first = await connectAgent(space.server.url, key, options);
    const work = await newTask('Long migration', { priority: 'low' });
    await newTask('Fresh urgent work', { priority: 'high' });
    await first.call('claim-task', { task: work.key });
    await first.call('move-task', { task: work.key, status: 'In Progress' });
    // The process dies: no DELETE, the session is simply never used again.
    await first.client.close();

    const restarted = await connectAgent(space.server.url, key, options);
    const next = await restarted.call('next-task', {});
    expect(next).toMatchObject({ resumed: true, claimed: true, task: { key: work.key } });
    await restarted.call('update-task', { task: work.key, description: 'Half done' });
    expect((await rest('GET', `/api/v1/tasks/${work.id}`)).description).toBe('Half done');
    expect(await restarted.call('release-task', { task: work.key })).toMatchObject({ released: true });
    const fresh = await restarted.call('next-task', {});
    expect(fresh.resumed).toBe(false);
    expect(fresh.task.key).not.toBe(work.key);
    await restarted.call('release-task', { task: fresh.task.key });
    await restarted.close();
  });
});

describe('leases expire into recovery', () => {
  it('an expired lease on work in progress puts the task back in Todo, offered before fresh work', async () => {
    const abandoned = await newTask('Abandoned halfway', { priority: 'high' });
    const fresh = await newTask('Fresh high work', { priority: 'high' });
    await backend.call('claim-task', { task: abandoned.key });
    await backend.call('move-task', { task: abandoned.key, status: 'In Progress' });
    await expireLease(abandoned.id);

    const next = await frontend.call('next-task', { claim: false });
    expect(next).toMatchObject({ resumed: false, task: { key: abandoned.key } });
    const read = await rest('GET', `/api/v1/tasks/${abandoned.id}`);
    expect(read).toMatchObject({ statusId: space.project.todo, claim: null });
    const [expired] = await activityOf(abandoned.id);
    expect(expired).toMatchObject({
      action: 'task.lease_expired',
      summary: expect.stringContaining('lease expired'),
      data: {
        agentName: 'backend-dev',
        fromStatusId: space.project.inProgress,
        toStatusId: space.project.todo,
      },
    });
    // Recorded once, however many sweeps run.
    advanceClock();
    await frontend.call('next-task', { claim: false });
    const expiries = (await activityOf(abandoned.id)).filter(
      (item: Json) => item.action === 'task.lease_expired',
    );
    expect(expiries).toHaveLength(1);
    await rest('DELETE', `/api/v1/tasks/${fresh.id}`);
    await rest('DELETE', `/api/v1/tasks/${abandoned.id}`);
  });

  it('the periodic sweep recovers a lease with nobody asking for work', async () => {
    const quiet = await newTask('Quietly dropped');
    await backend.call('claim-task', { task: quiet.key });
    await backend.call('move-task', { task: quiet.key, status: 'In Progress' });
    await expireLease(quiet.id);
    advanceClock();
    await frontend.call('get-project', {});
    expect((await activityOf(quiet.id))[0]).toMatchObject({ action: 'task.lease_expired' });
    expect((await rest('GET', `/api/v1/tasks/${quiet.id}`)).statusId).toBe(space.project.todo);
  });
});

describe('sessions end', () => {
  it('a session with no call for the timeout is ended and its current task cleared', async () => {
    const silent = await connectAgent(space.server.url, keyOf(space, 'frontend-dev'), {
      ...options,
      clientName: 'silent-client',
    });
    const held = await newTask('Left behind');
    await silent.call('claim-task', { task: held.key });
    const [session] = await db()
      .select()
      .from(agentSession)
      .where(eq(agentSession.mcpSessionId, silent.sessionId ?? ''));
    expect(session?.currentTaskId).toBe(held.id);
    const [quiet] = await db()
      .update(agentSession)
      .set({ lastSeenAt: sql`now() - interval '6 minutes'` })
      .where(eq(agentSession.id, session?.id ?? ''))
      .returning();
    advanceClock();
    await backend.call('get-project', {});
    const listed = (await rest('GET', '/api/v1/agent-sessions?status=ended')).items.find(
      (item: Json) => item.id === session?.id,
    );
    expect(listed).toMatchObject({ status: 'ended', currentTask: null });
    // Ending it for silence is no call from it: it was last seen when it went quiet, not when it ended.
    expect(listed.lastSeenAt).toBe(quiet?.lastSeenAt.toISOString());
    expect(Date.parse(listed.endedAt) - Date.parse(listed.lastSeenAt)).toBeGreaterThanOrEqual(5 * 60_000);
    await expect(silent.call('get-project', {})).rejects.toThrow();
    await silent.client.close();
  });
});

describe('keys follow their agent', () => {
  it('deleting a profile revokes its keys: their next request gets 401', async () => {
    await rest('POST', '/api/v1/agents', { name: 'short-lived' });
    const key = await createApiKey(space.person, { name: 'short-lived key', agentName: 'short-lived' });
    const other = await createApiKey(space.person, { name: 'unbound key' });
    const agent = await connectAgent(space.server.url, key.key, options);
    expect((await sendWithKey(space.server, key.key, 'GET', '/api/v1/projects')).status).toBe(200);

    const deleted = await rest('DELETE', '/api/v1/agents/short-lived');
    expect(deleted).toEqual({ deleted: { name: 'short-lived', unassignedTasks: 0, revokedKeys: 1 } });
    expect((await sendWithKey(space.server, key.key, 'GET', '/api/v1/projects')).status).toBe(401);
    await expect(agent.call('get-project', {})).rejects.toThrow();
    // Keys of other agents (or none) keep working.
    expect((await sendWithKey(space.server, other.key, 'GET', '/api/v1/projects')).status).toBe(200);
    await agent.client.close();
  });
});
