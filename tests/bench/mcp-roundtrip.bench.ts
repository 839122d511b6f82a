// Round trip of one MCP tool call (tools/call get-task through the SDK client over Streamable HTTP:
// key check, session lookup, JSON-RPC, tool, JSON result) against the equivalent REST call
// (GET /api/v1/tasks/:key with the same kind of API key), one call at a time, on the same server.
import { startTestServer } from '@switchboard/server/testing';
import { connectAgent } from '@switchboard/server/testing/mcp';
import { agentWorkspace, api, keyFor, unthrottleKeys } from '../integration/mcp-support';
import { envNumber, median, report } from './lib';

const CALLS = envNumber('BENCH_CALLS', 400);
const BATCH = 50;

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;

const server = await startTestServer();
try {
  const space = await agentWorkspace(server.url, { projectKey: 'RTT', agents: ['mcp-agent', 'rest-agent'] });
  await unthrottleKeys(server);
  const created = await api(server.url, space.token, 'POST', `/api/v1/projects/${space.project.id}/tasks`, {
    title: 'Measure the round trip',
    description: 'A realistic description with **markdown** and a few sentences of detail.',
    acceptanceCriteria: [{ text: 'It is measured' }, { text: 'It is compared', checked: true }],
  });
  const key = created.body.key as string;
  const agent = await connectAgent(server.url, keyFor(space, 'mcp-agent'), { query: { project: 'RTT' } });
  const restKey = keyFor(space, 'rest-agent');
  const restUrl = new URL(`/api/v1/tasks/${key}`, server.url);

  const viaMcp = async () => {
    const started = performance.now();
    const task = await agent.call('get-task', { task: key });
    if (task.key !== key) throw new Error('get-task answered another task');
    return performance.now() - started;
  };
  const viaRest = async () => {
    const started = performance.now();
    const response = await fetch(restUrl, { headers: { 'x-api-key': restKey } });
    const task = (await response.json()) as { key: string };
    if (!response.ok || task.key !== key) throw new Error(`GET answered ${response.status}`);
    return performance.now() - started;
  };

  // Warm both paths, then alternate batches so machine load drifts over both alike.
  for (let index = 0; index < 30; index++) {
    await viaMcp();
    await viaRest();
  }
  const mcp: number[] = [];
  const rest: number[] = [];
  while (mcp.length < CALLS) {
    for (let index = 0; index < BATCH; index++) mcp.push(await viaMcp());
    for (let index = 0; index < BATCH; index++) rest.push(await viaRest());
  }
  await agent.close();
  report({
    name: `MCP tools/call get-task vs REST GET /tasks/:key (one at a time, ${mcp.length} calls each, median, ${server.database})`,
    unit: 'ms',
    better: 'lower',
    subject: { label: 'MCP tools/call get-task (SDK client)', value: median(mcp) },
    baseline: { label: 'REST GET /api/v1/tasks/:key (fetch)', value: median(rest) },
    note: `p90: MCP ${percentile(mcp, 0.9).toFixed(2)} ms, REST ${percentile(rest, 0.9).toFixed(2)} ms; both with an API key`,
  });
} finally {
  await server.close();
}
