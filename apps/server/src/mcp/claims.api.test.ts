import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentSession, task } from '../db/schema';
import { movableClock } from '../testing/clock';
import { connectAgent, type McpAgent, ToolError } from '../testing/mcp-agent';
import { keyOf, workspace } from '../testing/mcp-fixtures';
import { useMcpWorkspace } from '../testing/mcp-workspace';
import type { Json } from '../testing/projects';
import { DEFAULT_MCP_TIMINGS } from './http';

// Dialect-sensitive: two agents claim one task at once, and only on PostgreSQL do their transactions overlap.

const clock = movableClock();
/** Moves the server's clock past the touch interval, so the next call writes lastSeenAt and leases. */
const makeNextTouchDue = () => clock.advance(DEFAULT_MCP_TIMINGS.touchEveryMs);

const space = useMcpWorkspace({
  agents: ['backend-dev', 'frontend-dev'],
  server: { start: { clock } },
});
const { call, rest, db } = space;
let backend: McpAgent;
let frontend: McpAgent;

beforeAll(async () => {
  const options = { query: { project: 'SWB', toolsets: 'all' } };
  backend = await space.connect('backend-dev', options);
  frontend = await space.connect('frontend-dev', options);
});

const newTask = (title: string) => rest('POST', `/api/v1/projects/${space.project.id}/tasks`, { title });

describe('claims', () => {
  it('one holder at a time: the loser is told who holds it and until when', async () => {
    const created = await newTask('Contested');
    const won = await backend.call('claim-task', { task: created.key });
    expect(won).toMatchObject({
      claimed: true,
      key: created.key,
      status: 'Todo',
      expiresAt: expect.any(String),
    });
    expect((await backend.call('get-task', { task: created.key })).version).toBe(created.version);
    const lost = await frontend.call('claim-task', { task: created.key }).catch((error: ToolError) => error);
    expect(lost).toBeInstanceOf(ToolError);
    expect((lost as ToolError).code).toBe('TASK_CLAIMED');
    expect((lost as ToolError).text).toContain(`${created.key} is claimed by backend-dev`);
    expect((lost as ToolError).text).toContain(won.expiresAt);
    // Claiming again renews; releasing by another is refused; by the holder frees it.
    expect((await backend.call('claim-task', { task: created.id })).claimed).toBe(true);
    await expect(frontend.call('release-task', { task: created.key })).rejects.toThrow(
      /claimed by backend-dev/,
    );
    expect(await backend.call('release-task', { task: created.key })).toMatchObject({ released: true });
    expect((await rest('GET', `/api/v1/tasks/${created.id}`)).claim).toBeNull();
    expect(await backend.call('release-task', { task: created.key })).toMatchObject({ released: false });
    expect((await frontend.call('claim-task', { task: created.key })).claimed).toBe(true);
    const log = await rest('GET', `/api/v1/activity?entityId=${created.id}`);
    expect(log.items.map((item: Json) => `${item.action} ${item.actor.name}`)).toEqual([
      'task.claimed frontend-dev',
      'task.released backend-dev',
      'task.claimed backend-dev',
      'task.claimed backend-dev',
      'task.created Ada',
    ]);
    // The board shows the holder: the REST task carries the claim; agents read the holder's name.
    expect((await rest('GET', `/api/v1/tasks/${created.id}`)).claim.agentName).toBe('frontend-dev');
    expect((await backend.call('get-task', { task: created.id })).claim.by).toBe('frontend-dev');
  });

  it('an expired claim can be taken over', async () => {
    const created = await newTask('Abandoned');
    await backend.call('claim-task', { task: created.key });
    await db()
      .update(task)
      .set({ claimExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(task.id, created.id));
    expect((await frontend.call('claim-task', { task: created.key })).claimed).toBe(true);
  });

  it('every call of the holding session renews the lease', async () => {
    const created = await newTask('Long work');
    await backend.call('claim-task', { task: created.key });
    await db()
      .update(task)
      // Short of a full lease, but live past the touch the test makes due next.
      .set({ claimExpiresAt: new Date(clock.now().getTime() + 60_000) })
      .where(eq(task.id, created.id));
    makeNextTouchDue();
    await backend.call('get-project');
    const [row] = await db().select().from(task).where(eq(task.id, created.id));
    expect(row?.claimExpiresAt?.getTime() ?? 0).toBeGreaterThan(clock.now().getTime() + 9 * 60_000);
  });

  it('moving a held task to a done status releases it', async () => {
    const created = await newTask('Finish');
    await backend.call('claim-task', { task: created.key });
    const done = await backend.call('move-task', { task: created.key, status: 'Done' });
    expect(done).toMatchObject({ status: 'Done', claimedBy: null });
  });

  it('50 rounds of two agents claiming one task at once: exactly one wins each round', async () => {
    // Both agents keep their sessions through every round, so whose session holds a claim is read once.
    const sessions: Json[] = (await rest('GET', '/api/v1/agent-sessions')).items;
    const agentOfSession = new Map(sessions.map((item) => [item.id, item.agentName]));
    for (let round = 0; round < 50; round++) {
      const created = await newTask(`Race ${round}`);
      const results = await Promise.allSettled([
        backend.call('claim-task', { task: created.id }),
        frontend.call('claim-task', { task: created.id }),
      ]);
      const winners = results.filter((result) => result.status === 'fulfilled');
      const losers = results.filter(
        (result): result is PromiseRejectedResult => result.status === 'rejected',
      );
      expect(winners, `round ${round}`).toHaveLength(1);
      expect(losers).toHaveLength(1);
      expect((losers[0] as PromiseRejectedResult).reason.code).toBe('TASK_CLAIMED');
      const read = await rest('GET', `/api/v1/tasks/${created.id}`);
      const winner = results[0]?.status === 'fulfilled' ? 'backend-dev' : 'frontend-dev';
      expect(agentOfSession.get(read.claim.by)).toBe(winner);
    }
  });
});

describe('agent sessions', () => {
  it('records each session with agent, client and project; idle is derived; DELETE ends it', async () => {
    const agent = await connectAgent(space.server.url, keyOf(space, 'frontend-dev'), {
      clientName: 'claude-code',
      query: { project: space.project.key, toolsets: 'all' },
    });
    const listed = async () =>
      (await rest('GET', '/api/v1/agent-sessions')).items.find(
        (item: Json) => item.client?.name === 'claude-code',
      );
    const session = await listed();
    expect(session).toMatchObject({
      agentName: 'frontend-dev',
      apiKeyId: space.keys['frontend-dev']?.id,
      projectId: space.project.id,
      client: { name: 'claude-code', version: '1.0.0' },
      status: 'active',
      currentTask: null,
      endedAt: null,
    });
    const created = await rest('GET', `/api/v1/activity?entityId=${session.id}`);
    expect(created.items[0]).toMatchObject({
      action: 'agent_session.created',
      actor: { name: 'frontend-dev' },
    });

    await db()
      .update(agentSession)
      .set({ lastSeenAt: sql`now() - interval '6 minutes'` })
      .where(eq(agentSession.id, session.id));
    expect((await listed()).status).toBe('idle');
    expect(
      (await rest('GET', '/api/v1/agent-sessions?status=idle')).items.map((item: Json) => item.id),
    ).toContain(session.id);
    makeNextTouchDue();
    await agent.call('list-tasks', {});
    const back = await listed();
    expect(back.status).toBe('active');
    expect(Date.parse(back.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    const events = await rest('GET', `/api/v1/activity?entityId=${session.id}`);
    expect(events.items[0]).toMatchObject({
      action: 'agent_session.updated',
      summary: 'frontend-dev is active',
    });

    const held = await newTask('Held by the session');
    await agent.call('claim-task', { task: held.key });
    expect((await listed()).currentTask).toMatchObject({ key: held.key });
    await agent.close();
    expect(await listed()).toMatchObject({ status: 'ended', endedAt: expect.any(String), currentTask: null });
    expect((await rest('GET', `/api/v1/tasks/${held.id}`)).claim).toBeNull();
    expect(
      (await rest('GET', '/api/v1/agent-sessions?status=ended')).items.map((item: Json) => item.id),
    ).toContain(session.id);
  });

  it('GET /agent-sessions validates its query and hides other organizations', async () => {
    expect((await call(space.person, 'GET', '/api/v1/agent-sessions?status=asleep')).status).toBe(400);
    const other = await workspace(space.server, 'Bob', 'BOB', ['solo']);
    const bob = await connectAgent(space.server.url, keyOf(other, 'solo'));
    const mine = (await rest('GET', '/api/v1/agent-sessions')).items;
    expect(mine.some((item: Json) => item.agentName === 'solo')).toBe(false);
    const bobs = (await call(other.person, 'GET', '/api/v1/agent-sessions')).body.items;
    expect(bobs.map((item: Json) => item.agentName)).toEqual(['solo']);
    // A session of an organization with one project works in it.
    expect(bobs[0].projectId).toBe(other.project.id);
    expect(
      (await call(space.person, 'GET', `/api/v1/agent-sessions?projectId=${other.project.id}`)).status,
    ).toBe(404);
    await bob.close();
  });
});
