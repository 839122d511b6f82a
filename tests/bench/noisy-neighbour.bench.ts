// One organization sends each heavy input of the noisy-neighbour tests while another asks for
// /api/v1/health one request after another: health's p99 under each input against its p99 at rest
// on the same server just before, printed as their ratio. 1.00 means the attack costs everyone else
// nothing; the noisy-neighbour tests allow it 250 ms more than at rest.
import { startTestServer } from '@switchboard/server/testing';
import {
  HEAVY_INPUTS,
  type Probe,
  percentile,
  request,
  type Session,
  sampleProbes,
  WRITE_FLOOD,
} from '@switchboard/server/testing/noisy-neighbour';
import { signUpForBench } from './bare-server';
import { envNumber, report } from './lib';

const ATTACK_MS = envNumber('BENCH_SECONDS', 5) * 1000;
const SAMPLES = envNumber('BENCH_SAMPLES', 200);

const server = await startTestServer();
try {
  const session = async (name: string): Promise<Session> => ({
    url: server.url,
    cookie: await signUpForBench(server.url, name),
  });
  const attacker = await session('Attacker');
  const neighbour = await session('Neighbour');
  const created = await request(attacker, 'POST', '/api/v1/projects', { name: 'Noise', key: 'NOI' });
  const project = ((await created.json()) as { id: string }).id;
  const health: Probe[] = [{ name: 'health', send: () => request(neighbour, 'GET', '/api/v1/health') }];
  const healthP99 = async (attack?: Parameters<typeof sampleProbes>[1]) => {
    const sampled = await sampleProbes(health, attack, {
      attackMs: ATTACK_MS,
      minSamples: SAMPLES,
      warmupRounds: 20,
    });
    return { p99: percentile(sampled.latencies.get('health') ?? [], 0.99), sampled };
  };
  for (const input of [...HEAVY_INPUTS, WRITE_FLOOD]) {
    try {
      await input.prepare(attacker, project);
      // At rest again before each input: a shared machine's load drifts over a run.
      const idle = await healthP99();
      const { p99, sampled } = await healthP99((signal) => input.round(attacker, project, signal));
      const answered = [...new Set(sampled.answers.map((answer) => answer.code ?? answer.status))];
      report({
        name: `Health p99 while ${input.name} (${server.database})`,
        unit: 'ms',
        better: 'lower',
        subject: { label: 'GET /health p99 under attack', value: p99 },
        baseline: { label: 'GET /health p99 at rest', value: idle.p99 },
        note: `${sampled.rounds} attack rounds answered ${answered.join(', ') || 'nothing yet'}; ${sampled.latencies.get('health')?.length} health samples`,
      });
    } catch (error) {
      // A server stalled long enough drops connections; the next input still gets its measurement.
      console.error(`${input.name}: the measurement failed (${String(error)})`);
      process.exitCode = 1;
    }
  }
} finally {
  await server.close();
}
