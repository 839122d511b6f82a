// Latency from a committed change to 1,000 SSE clients of GET /api/v1/events, against a bare Hono SSE
// fan-out of a message of the same size to the same number of clients.
import { startTestServer } from '@switchboard/server/testing';
import { streamSSE } from 'hono/streaming';
import { type BareServer, signUpForBench, startBareServer } from './bare-server';
import { envNumber, report } from './lib';
import { openStreams, type SseStream } from './sse-clients';

const CLIENTS = envNumber('BENCH_SSE_CLIENTS', 1000);
const CHANGES = 20;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number;
}

/** Fires `change(i)` CHANGES times; each client's receipt of message i counts from just before the write. */
async function measure(
  streams: SseStream[],
  change: (round: number) => Promise<void>,
  matches: (data: string, round: number) => boolean,
) {
  const latencies: number[] = [];
  for (let round = 1; round <= CHANGES; round++) {
    const started = performance.now();
    const arrivals = streams.map((stream) =>
      stream.next((message) => matches(message.data, round), 10_000).then(() => performance.now() - started),
    );
    await change(round);
    latencies.push(...(await Promise.all(arrivals)));
  }
  return latencies;
}

async function startBareFanout(payload: string): Promise<BareServer> {
  const clients = new Set<(data: string) => void>();
  return startBareServer((app) => {
    app.get('/events', (c) =>
      streamSSE(c, async (stream) => {
        const send = (data: string) => void stream.writeSSE({ event: 'change', data }).catch(() => undefined);
        clients.add(send);
        await stream.writeSSE({ event: 'ready', data: '{}' });
        await new Promise<void>((resolve) => stream.onAbort(resolve));
        clients.delete(send);
      }),
    );
    app.post('/emit/:round', (c) => {
      const data = payload.replace('"round":0', `"round":${c.req.param('round')}`);
      for (const send of clients) send(data);
      return c.json({ ok: true });
    });
  });
}

const server = await startTestServer();
try {
  const cookie = await signUpForBench(server.url, 'Latency');
  const headers = { cookie, origin: server.url, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const project = await post('/api/v1/projects', { name: 'Latency', key: 'LAT' });
  const statuses = (await (
    await fetch(`${server.url}/api/v1/projects/${project.id}/statuses`, { headers })
  ).json()) as {
    items: { id: string }[];
  };
  const task = await post(`/api/v1/projects/${project.id}/tasks`, { title: 'Move me' });
  let version = task.version as number;

  const streams = await openStreams(`${server.url}/api/v1/events`, { cookie }, CLIENTS);
  const real = await measure(
    streams,
    async (round) => {
      const moved = await post(`/api/v1/tasks/${task.id}/move`, {
        version,
        statusId: statuses.items[round % 2]?.id,
      });
      version = moved.version as number;
    },
    (data, round) => {
      const event = JSON.parse(data) as { action: string; data: { version: number } };
      return event.action === 'task.moved' && event.data.version === (task.version as number) + round;
    },
  );
  await Promise.all(streams.map((stream) => stream.close()));

  const sample = JSON.stringify({ round: 0, action: 'task.moved', data: task });
  const bare = await startBareFanout(sample);
  try {
    const bareStreams = await openStreams(`${bare.url}/events`, {}, CLIENTS);
    const baseline = await measure(
      bareStreams,
      async (round) => {
        await fetch(`${bare.url}/emit/${round}`, { method: 'POST' });
      },
      (data, round) => (JSON.parse(data) as { round: number }).round === round,
    );
    await Promise.all(bareStreams.map((stream) => stream.close()));
    for (const [label, fraction] of [
      ['p50', 0.5],
      ['p95', 0.95],
    ] as const) {
      report({
        name: `Event latency, commit → ${CLIENTS} SSE clients, ${label} over ${CHANGES} changes (${server.database})`,
        unit: 'ms',
        better: 'lower',
        subject: { label: 'POST /tasks/:id/move → GET /events', value: percentile(real, fraction) },
        baseline: { label: 'bare Hono SSE fan-out', value: percentile(baseline, fraction) },
      });
    }
  } finally {
    await bare.close();
  }
} finally {
  await server.close();
}
