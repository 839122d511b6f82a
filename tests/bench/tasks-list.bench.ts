// Throughput of listing 1,000 tasks (GET /api/v1/projects/:id/tasks?limit=1000: session check,
// membership check, query, serialisation) against a bare Hono route answering the identical JSON.
import { startTestServer } from '@switchboard/server/testing';
import autocannon from 'autocannon';
import { signUpForBench, startBareServer } from './bare-server';
import { envNumber, report } from './lib';

const TASKS = 1000;
const CONNECTIONS = 10;
const SECONDS = envNumber('BENCH_SECONDS', 5);

async function throughput(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, workers: 1 });
  if (result.non2xx + result.errors + result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result['2xx'] / result.duration;
}

const server = await startTestServer();
try {
  const cookie = await signUpForBench(server.url, 'Bench');
  const headers = { cookie, origin: server.url, 'content-type': 'application/json' };
  const project = (await (
    await fetch(`${server.url}/api/v1/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench', key: 'BEN' }),
    })
  ).json()) as { id: string };
  // Seed through the API, a few at a time, as agents would.
  for (let start = 0; start < TASKS; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, TASKS - start) }, (_, index) =>
        fetch(`${server.url}/api/v1/projects/${project.id}/tasks`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            title: `Task ${start + index + 1}: make the board fast`,
            description: 'A realistic description with **markdown** and a few sentences of detail.',
            acceptanceCriteria: [
              { text: 'It works', checked: false },
              { text: 'It is tested', checked: true },
            ],
            priority: 'medium',
          }),
        }).then((response) => {
          if (!response.ok) throw new Error(`seeding failed: ${response.status}`);
        }),
      ),
    );
  }
  const listUrl = `${server.url}/api/v1/projects/${project.id}/tasks?limit=${TASKS}`;
  const listing = await fetch(listUrl, { headers: { cookie } });
  const body = await listing.text();
  const count = (JSON.parse(body) as { items: unknown[] }).items.length;
  if (count !== TASKS) throw new Error(`expected ${TASKS} tasks, got ${count}`);

  const bare = await startBareServer((app) =>
    app.get('/tasks', (c) => c.body(body, 200, { 'content-type': 'application/json' })),
  );
  try {
    await throughput(listUrl, { cookie });
    await throughput(`${bare.url}/tasks`, {});
    const subject = await throughput(listUrl, { cookie });
    const baseline = await throughput(`${bare.url}/tasks`, {});
    report({
      name: `List ${TASKS} tasks (${CONNECTIONS} connections, ${SECONDS} s each, ${server.database}, ${Math.round(body.length / 1024)} KiB per answer)`,
      unit: 'req/s',
      better: 'higher',
      subject: { label: 'GET /projects/:id/tasks?limit=1000', value: subject },
      baseline: { label: 'bare Hono route, same JSON', value: baseline },
    });
  } finally {
    await bare.close();
  }
} finally {
  await server.close();
}
