// The server's resident memory (RSS) when idle and after 1,000 SSE clients have received 20 changes,
// run from its build (`pnpm start`'s bundle) in a process of its own, against a bare Hono SSE fan-out
// process holding the same clients and sending the same messages.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signUpForBench } from './bare-server';
import { envNumber, freePort, report, sleep } from './lib';
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

/** Waits until the child prints a line matching `pattern`; answers the match. */
function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no line like ${pattern} in: ${output}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/** Settles, then measures: RSS moves for a moment after a burst while the collector catches up. */
async function settledRss(child: ChildProcess): Promise<number> {
  await sleep(2_000);
  return rssKb(child);
}

const built = spawnSync(process.execPath, ['scripts/server-build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
if (built.status !== 0) throw new Error('the server build failed');

const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-bench-memory-'));
const port = await freePort();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ENABLE_EMAIL_SIGNIN: 'true',
};
delete env.DATABASE_URL;
const server = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
  cwd: repoRoot,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const bare = spawn(process.execPath, ['tests/bench/bare-sse-server.mjs'], {
  cwd: repoRoot,
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  await waitForLine(server, /listening on/);
  const bareUrl = `http://127.0.0.1:${(await waitForLine(bare, /port (\d+)/))[1]}`;
  const url = `http://127.0.0.1:${port}`;
  const cookie = await signUpForBench(url, 'Memory');
  const headers = { cookie, origin: url, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const project = await post('/api/v1/projects', { name: 'Memory', key: 'MEM' });
  const task = await post(`/api/v1/projects/${project.id}/tasks`, { title: 'Rename me' });
  const idle = { server: await settledRss(server), bare: await settledRss(bare) };

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
  const loaded = { server: await settledRss(server), bare: await settledRss(bare) };
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
  server.kill('SIGTERM');
  bare.kill('SIGTERM');
  await sleep(500);
  rmSync(dataDir, { recursive: true, force: true });
}
