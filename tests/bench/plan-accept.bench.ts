// Accepting a 500-item plan (50 work units of 9 tasks, each task waiting for the one before) in one
// request, against proposing that same plan: both write 500 rows in one change, so the ratio is what
// turning items into numbered, placed, linked work units and tasks costs beyond storing them.
import { startTestServer } from '@switchboard/server/testing';
import { largePlanItems } from '@switchboard/server/testing/plans';
import { signUpForBench } from './bare-server';
import { envNumber, median, report } from './lib';

const RUNS = envNumber('BENCH_RUNS', 5);

const server = await startTestServer();
try {
  const cookie = await signUpForBench(server.url, 'Bench');
  const headers = { cookie, origin: server.url, 'content-type': 'application/json' };
  const send = async (method: string, path: string, body: unknown) => {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, { method, headers, body: JSON.stringify(body) });
    const took = performance.now() - started;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return { took, body: (await response.json()) as { id: string } };
  };
  const project = (await send('POST', '/api/v1/projects', { name: 'Bench', key: 'BEN' })).body;
  const items = largePlanItems();
  const proposing: number[] = [];
  const accepting: number[] = [];
  // One warm-up pair, then the measured ones, proposing and accepting in turn.
  for (let run = 0; run <= RUNS; run++) {
    const proposed = await send('POST', `/api/v1/projects/${project.id}/plans`, {
      title: `Big ${run}`,
      items,
    });
    const accepted = await send('POST', `/api/v1/plans/${proposed.body.id}/accept`, {});
    if (run > 0) {
      proposing.push(proposed.took);
      accepting.push(accepted.took);
    }
  }
  report({
    name: `Accept a ${items.length}-item plan, median of ${RUNS} (${server.database})`,
    unit: 'ms',
    better: 'lower',
    subject: { label: 'POST /plans/:id/accept', value: median(accepting) },
    baseline: { label: 'POST /projects/:id/plans, same items', value: median(proposing) },
  });
} finally {
  await server.close();
}
