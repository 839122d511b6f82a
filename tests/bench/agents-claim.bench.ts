// 20 agents at once, each doing 100 claim → move → release cycles over MCP (a move into Done releases by
// itself) on a shared pool of tasks: one per agent, walked from staggered starts, so the agents drift into
// each other and claims do collide. Against 20 REST clients doing 100 read → move cycles (GET the task,
// POST /move with the version read, retry on 409) on an identical pool. Afterwards both runs are checked
// for lost updates: every successful move must be in its task's version, its column and the activity log.
import type { TestServer } from '@switchboard/server/testing';
import { startTestServer } from '@switchboard/server/testing';
import { connectAgent, type McpAgent, ToolError } from '@switchboard/server/testing/mcp';
import {
  type AgentWorkspace,
  agentWorkspace,
  api,
  type Json,
  keyFor,
  unthrottleKeys,
} from '../integration/mcp-support';
import { envNumber, report } from './lib';

const AGENTS = envNumber('BENCH_AGENTS', 20);
const CYCLES = envNumber('BENCH_CYCLES', 100);
const TASKS = envNumber('BENCH_TASKS', AGENTS);
const ROTATION = ['Todo', 'In Progress', 'Review', 'Done'];

interface Pool {
  project: { id: string; key: string; statuses: Record<string, string> };
  tasks: { id: string; key: string }[];
}

async function seedPool(server: TestServer, space: AgentWorkspace, key: string): Promise<Pool> {
  const project = await api(server.url, space.token, 'POST', '/api/v1/projects', {
    name: `Pool ${key}`,
    key,
  });
  const statuses = await api(server.url, space.token, 'GET', `/api/v1/projects/${project.body.id}/statuses`);
  const tasks = [];
  for (let index = 0; index < TASKS; index++) {
    const created = await api(server.url, space.token, 'POST', `/api/v1/projects/${project.body.id}/tasks`, {
      title: `Shared task ${index + 1}`,
    });
    tasks.push({ id: created.body.id as string, key: created.body.key as string });
  }
  return {
    project: {
      id: project.body.id,
      key,
      statuses: Object.fromEntries(statuses.body.items.map((status: Json) => [status.name, status.id])),
    },
    tasks,
  };
}

const nextStatus = (name: string) => ROTATION[(ROTATION.indexOf(name) + 1) % ROTATION.length] as string;

/** Checks that no move was lost: versions, columns and the activity log all count `moves` per task. */
async function verify(server: TestServer, space: AgentWorkspace, pool: Pool, moves: Map<string, number>) {
  const byId = Object.fromEntries(Object.entries(pool.project.statuses).map(([name, id]) => [id, name]));
  let total = 0;
  for (const task of pool.tasks) {
    const read = (await api(server.url, space.token, 'GET', `/api/v1/tasks/${task.id}`)).body;
    const count = moves.get(task.id) ?? 0;
    total += count;
    if (read.version !== 1 + count)
      throw new Error(`${task.key}: version ${read.version} after ${count} moves`);
    const expected = ROTATION[count % ROTATION.length];
    if (byId[read.statusId] !== expected)
      throw new Error(`${task.key}: in ${byId[read.statusId]}, not ${expected}`);
    if (read.claim !== null) throw new Error(`${task.key}: still claimed`);
  }
  let logged = 0;
  let cursor: string | undefined;
  do {
    const page = (
      await api(
        server.url,
        space.token,
        'GET',
        `/api/v1/activity?projectId=${pool.project.id}&limit=1000${cursor ? `&cursor=${cursor}` : ''}`,
      )
    ).body;
    logged += page.items.filter((item: Json) => item.action === 'task.moved').length;
    cursor = page.nextCursor;
  } while (cursor);
  if (logged !== total) throw new Error(`${logged} task.moved entries for ${total} moves`);
  return total;
}

/** One MCP agent: claim a free task of the pool, move it one column on, release it; CYCLES times. */
async function mcpAgent(agent: McpAgent, pool: Pool, offset: number, moves: Map<string, number>) {
  let conflicts = 0;
  for (let done = 0, turn = offset; done < CYCLES; turn++) {
    const task = pool.tasks[turn % pool.tasks.length] as { id: string; key: string };
    let claimed: Json;
    try {
      claimed = await agent.call('claim-task', { task: task.id });
    } catch (error) {
      if (error instanceof ToolError && error.code === 'CONFLICT') {
        conflicts++;
        continue;
      }
      throw error;
    }
    // The claim names the task's column: the move follows from it.
    const moved = await agent.call('move-task', { task: task.id, status: nextStatus(claimed.status) });
    moves.set(task.id, (moves.get(task.id) ?? 0) + 1);
    // A move into Done releases the claim itself.
    if (moved.claimedBy) await agent.call('release-task', { task: task.id });
    done++;
  }
  return conflicts;
}

/** One REST client: read a task, move it one column on with the version read; a 409 means retry. */
async function restClient(
  server: TestServer,
  key: string,
  pool: Pool,
  offset: number,
  moves: Map<string, number>,
) {
  let conflicts = 0;
  const byId = Object.fromEntries(Object.entries(pool.project.statuses).map(([name, id]) => [id, name]));
  for (let done = 0, turn = offset; done < CYCLES; turn++) {
    const task = pool.tasks[turn % pool.tasks.length] as { id: string; key: string };
    const read = await api(server.url, key, 'GET', `/api/v1/tasks/${task.id}`);
    const to = pool.project.statuses[nextStatus(byId[read.body.statusId] as string)];
    const moved = await api(server.url, key, 'POST', `/api/v1/tasks/${task.id}/move`, {
      version: read.body.version,
      statusId: to,
    });
    if (moved.status === 409) {
      conflicts++;
      continue;
    }
    if (moved.status !== 200) throw new Error(`move answered ${moved.status}: ${JSON.stringify(moved.body)}`);
    moves.set(task.id, (moves.get(task.id) ?? 0) + 1);
    done++;
  }
  return conflicts;
}

const server = await startTestServer();
try {
  const names = Array.from({ length: AGENTS }, (_, index) => `agent-${index + 1}`);
  const space = await agentWorkspace(server.url, { projectKey: 'SETUP', agents: names });
  await unthrottleKeys(server);

  // MCP: claim → move → release.
  const mcpPool = await seedPool(server, space, 'MCP');
  const agents = await Promise.all(
    names.map((name) => connectAgent(server.url, keyFor(space, name), { query: { project: 'MCP' } })),
  );
  const mcpMoves = new Map<string, number>();
  let started = performance.now();
  const mcpConflicts = await Promise.all(
    agents.map((agent, index) => mcpAgent(agent, mcpPool, index, mcpMoves)),
  );
  const mcpSeconds = (performance.now() - started) / 1000;
  await Promise.all(agents.map((agent) => agent.close()));
  const mcpTotal = await verify(server, space, mcpPool, mcpMoves);

  // REST: read → move with the version, retry on 409.
  const restPool = await seedPool(server, space, 'REST');
  const restMoves = new Map<string, number>();
  started = performance.now();
  const restConflicts = await Promise.all(
    names.map((name, index) => restClient(server, keyFor(space, name), restPool, index, restMoves)),
  );
  const restSeconds = (performance.now() - started) / 1000;
  const restTotal = await verify(server, space, restPool, restMoves);

  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  report({
    name: `${AGENTS} agents × ${CYCLES} cycles on ${TASKS} shared tasks, completed cycles per second (${server.database})`,
    unit: 'req/s',
    better: 'higher',
    subject: { label: 'MCP claim-task → move-task → release-task', value: mcpTotal / mcpSeconds },
    baseline: { label: 'REST GET task → POST move (version, 409 retry)', value: restTotal / restSeconds },
    note:
      `no lost update: ${mcpTotal} MCP and ${restTotal} REST moves, each in its task's version, column and the activity log; ` +
      `claim conflicts ${sum(mcpConflicts)}, REST version conflicts ${sum(restConflicts)}; ` +
      `an MCP cycle is 3 calls, a REST cycle 2 requests`,
  });
} finally {
  await server.close();
}
