// Throughput of the real server's GET /api/v1/health (whole middleware stack and a database ping)
// against a bare Hono app answering the same JSON on the same Node HTTP adapter.
import { startTestServer } from '@switchboard/server/testing';
import autocannon from 'autocannon';
import { startBareServer } from './bare-server';
import { envNumber, report } from './lib';

const CONNECTIONS = 10;
const SECONDS = envNumber('BENCH_SECONDS', 5);
const WARMUP_SECONDS = 1;
/** Rounds of subject and baseline, alternated ABBA so a drifting machine favours neither. */
const ROUNDS = 2;

interface Tally {
  ok: number;
  seconds: number;
}

async function load(url: string, seconds: number): Promise<Tally> {
  // One worker thread fires the requests, so the load generator does not share the event loop of the
  // servers it measures (both live in this process).
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, workers: 1 });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  }
  return { ok: result['2xx'], seconds: result.duration };
}

const real = await startTestServer();
const bare = await startBareServer((app) =>
  app.get('/api/v1/health', (c) => c.json({ status: 'ok', database: real.database })),
);
try {
  const realUrl = `${real.url}/api/v1/health`;
  const check = await fetch(realUrl);
  if (check.status !== 200) throw new Error(`${realUrl} answered ${check.status}`);

  await load(realUrl, WARMUP_SECONDS);
  await load(`${bare.url}/api/v1/health`, WARMUP_SECONDS);

  const totals = { real: { ok: 0, seconds: 0 }, bare: { ok: 0, seconds: 0 } };
  const add = (into: Tally, tally: Tally) => {
    into.ok += tally.ok;
    into.seconds += tally.seconds;
  };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['real', 'bare'] as const) : (['bare', 'real'] as const);
    for (const which of order) {
      add(totals[which], await load(which === 'real' ? realUrl : `${bare.url}/api/v1/health`, SECONDS));
    }
  }

  report({
    name: `GET /api/v1/health throughput (${CONNECTIONS} connections, ${ROUNDS}×${SECONDS} s each, ${real.database})`,
    unit: 'req/s',
    better: 'higher',
    subject: { label: 'switchboard server', value: totals.real.ok / totals.real.seconds },
    baseline: { label: 'bare Hono JSON route', value: totals.bare.ok / totals.bare.seconds },
  });
} finally {
  await bare.close();
  await real.close();
}
