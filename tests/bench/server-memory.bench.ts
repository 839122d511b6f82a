// The server's resident memory (RSS) when idle and after 1,000 SSE clients have received 20 changes,
// run from its build (`pnpm start`'s bundle) in a process of its own, against a bare Hono SSE fan-out
// process holding the same clients and sending the same messages.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { signUpForBench } from './bare-server';
import { startBuiltServer, waitForLine } from './built-server';
import { envNumber, report, sleep } from './lib';
import { openStreams } from './sse-clients';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const CLIENTS = envNumber('BENCH_SSE_CLIENTS', 1000);
const CHANGES = 20;

/** Resident set size of a process in kB (1,000 bytes), from /proc. */
function rssKb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error('no VmRSS in /proc status');
  return (kib * 1024) / 1000;
}

/** Settles, then measures: RSS moves for a moment after a burst while the collector catches up. */
async function settledRss(child: ChildProcess): Promise<number> {
  await sleep(2_000);
  return rssKb(child);
}

const server = await startBuiltServer({ dataDirPrefix: 'switchboard-bench-memory-' });
const bare = spawn(process.execPath, ['tests/bench/bare-sse-server.mjs'], {
  cwd: repoRoot,
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const bareUrl = `http://127.0.0.1:${(await waitForLine(bare, /port (\d+)/))[1]}`;
  const { url } = server;
  const cookie = await signUpForBench(url, 'Memory');
  const headers = { cookie, origin: url, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const project = await post('/api/v1/projects', { name: 'Memory', key: 'MEM' });
  const task = await post(`/api/v1/projects/${project.id}/tasks`, { title: 'Rename me' });
  const idle = { server: await settledRss(server.process), bare: await settledRss(bare) };

  const streams = await openStreams(`${url}/api/v1/events`, { cookie }, CLIENTS);
  const bareStreams = await openStreams(`${bareUrl}/events`, {}, CLIENTS);
  let version = task.version as number;
  for (let round = 1; round <= CHANGES; round++) {
    const arrivals = streams.map((stream) => stream.next((message) => message.event === 'change', 30_000));
    const bareArrivals = bareStreams.map((stream) =>
      stream.next((message) => message.event === 'change', 30_000),
    );
    const renamed = await fetch(`${url}/api/v1/tasks/${task.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ version, title: `Renamed ${round}` }),
    });
    if (!renamed.ok) throw new Error(`rename: ${renamed.status}`);
    const event = (await arrivals[0]) as { data: string };
    version = ((await renamed.json()) as { version: number }).version;
    await Promise.all(arrivals);
    await fetch(`${bareUrl}/emit`, { method: 'POST', body: event.data });
    await Promise.all(bareArrivals);
  }
  const loaded = { server: await settledRss(server.process), bare: await settledRss(bare) };
  await Promise.all([...streams, ...bareStreams].map((stream) => stream.close()));

  report({
    name: 'Server RSS when idle (bundle, pglite)',
    unit: 'kB',
    better: 'lower',
    subject: { label: 'switchboard server, idle', value: idle.server },
    baseline: { label: 'bare Hono process, idle', value: idle.bare },
  });
  report({
    name: `Server RSS after ${CHANGES} changes to ${CLIENTS} SSE clients (pglite)`,
    unit: 'kB',
    better: 'lower',
    subject: { label: 'switchboard server', value: loaded.server },
    baseline: { label: 'bare Hono SSE fan-out', value: loaded.bare },
    note: `growth with the clients: server +${Math.round(loaded.server - idle.server).toLocaleString('en-US')} kB, bare +${Math.round(loaded.bare - idle.bare).toLocaleString('en-US')} kB`,
  });
} finally {
  bare.kill('SIGTERM');
  await server.stop();
}
