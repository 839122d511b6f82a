// A bare Hono SSE fan-out in a process of its own (plain Node, no loader), the baseline for the
// server's memory: `node bare-sse-server.mjs` prints its port, serves GET /events and POST /emit.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';

const clients = new Set();
const app = new Hono();
app.get('/events', (c) =>
  streamSSE(c, async (stream) => {
    const send = (data) => void stream.writeSSE({ event: 'change', data }).catch(() => undefined);
    clients.add(send);
    await stream.writeSSE({ event: 'ready', data: '{}' });
    await new Promise((resolve) => stream.onAbort(resolve));
    clients.delete(send);
  }),
);
app.post('/emit', async (c) => {
  const data = await c.req.text();
  for (const send of clients) send(data);
  return c.json({ ok: true });
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`port ${info.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
