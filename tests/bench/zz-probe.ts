import { startTestServer } from '@switchboard/server/testing';
import { connectAgent } from '@switchboard/server/testing/mcp';
import { agentWorkspace, api, keyFor, unthrottleKeys } from '../integration/mcp-support';
import { median } from './lib';
const server = await startTestServer();
const space = await agentWorkspace(server.url, { projectKey: 'RTT', agents: ['a'] });
await unthrottleKeys(server);
const created = await api(server.url, space.token, 'POST', `/api/v1/projects/${space.project.id}/tasks`, { title: 'x' });
const key = created.body.key;
const agent = await connectAgent(server.url, keyFor(space, 'a'), { query: { project: 'RTT' } });
const t: Record<string, number[]> = { claim: [], move: [], release: [], get: [], restget: [], restmove: [] };
const statuses = ['In Progress', 'Review', 'Todo'];
for (let i = 0; i < 30; i++) {
  let s = performance.now(); await agent.call('claim-task', { taskId: key }); t.claim!.push(performance.now() - s);
  s = performance.now(); await agent.call('move-task', { id: key, status: statuses[i % 3] }); t.move!.push(performance.now() - s);
  s = performance.now(); await agent.call('release-task', { taskId: key }); t.release!.push(performance.now() - s);
  s = performance.now(); await agent.call('get-task', { id: key }); t.get!.push(performance.now() - s);
  s = performance.now(); const r = await api(server.url, keyFor(space, 'a'), 'GET', `/api/v1/tasks/${key}`); t.restget!.push(performance.now() - s);
  s = performance.now(); await api(server.url, keyFor(space, 'a'), 'POST', `/api/v1/tasks/${key}/move`, { version: r.body.version, statusId: r.body.statusId }); t.restmove!.push(performance.now() - s);
}
for (const [k, v] of Object.entries(t)) console.log(k, median(v).toFixed(1));
await server.close();
