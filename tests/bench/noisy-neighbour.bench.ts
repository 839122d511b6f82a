// One organization sends each heavy input of the noisy-neighbour tests (from a process of its own),
// the floods of writes and of reads included, while another times its own requests:
// /api/v1/health (a recent database ping) and its task list (a few queries), each one request after
// another. Each one's p99 under each input against its p99 at rest on the same server just before,
// printed as their ratio. 1.00 means the attack costs everyone else nothing; the noisy-neighbour
// tests allow it 250 ms more than at rest (more on a machine too busy to hold that at rest).
import { startTestServer } from '@switchboard/server/testing';
import {
  ALL_HEAVY_INPUTS,
  attackFromAnotherProcess,
  type Probe,
  percentile,
  request,
  type Session,
  sampleProbes,
} from '@switchboard/server/testing/noisy-neighbour';
import { signUpForBench } from './bare-server';
import { envNumber, report } from './lib';

const ATTACK_MS = envNumber('BENCH_SECONDS', 5) * 1000;
const SAMPLES = envNumber('BENCH_SAMPLES', 200);
/** Only the inputs whose name contains this (e.g. BENCH_INPUT=reads), for a focused comparison. */
const ONLY = process.env.BENCH_INPUT ?? '';

const server = await startTestServer();
try {
  const session = async (name: string): Promise<Session> => ({
    url: server.url,
    cookie: await signUpForBench(server.url, name),
  });
  const attacker = await session('Attacker');
  const neighbour = await session('Neighbour');
  const projectOf = async (session: Session, name: string, key: string) => {
    const created = await request(session, 'POST', '/api/v1/projects', { name, key });
    return ((await created.json()) as { id: string }).id;
  };
  const project = await projectOf(attacker, 'Noise', 'NOI');
  const neighbourProject = await projectOf(neighbour, 'Quiet', 'QUI');
  const probes: Probe[] = [
    { name: 'GET /health', send: () => request(neighbour, 'GET', '/api/v1/health') },
    {
      name: 'GET /projects/:id/tasks',
      send: () => request(neighbour, 'GET', `/api/v1/projects/${neighbourProject}/tasks`),
    },
  ];
  const sample = (attack?: Parameters<typeof sampleProbes>[1]) =>
    sampleProbes(probes, attack, { attackMs: ATTACK_MS, minSamples: SAMPLES, warmupRounds: 20 });
  for (const input of ALL_HEAVY_INPUTS.filter((candidate) => candidate.name.includes(ONLY))) {
    try {
      await input.prepare(attacker, project);
      // At rest again before each input: a shared machine's load drifts over a run.
      const idle = await sample();
      const sampled = await sample(() => attackFromAnotherProcess(input, attacker, project));
      const answered = [...new Set(sampled.answers.map((answer) => answer.code ?? answer.status))];
      for (const probe of probes) {
        const p99 = (of: typeof sampled) => percentile(of.latencies.get(probe.name) ?? [], 0.99);
        report({
          name: `${probe.name} p99 while ${input.name} (${server.database})`,
          unit: 'ms',
          better: 'lower',
          subject: { label: 'p99 under attack', value: p99(sampled) },
          baseline: { label: 'p99 at rest', value: p99(idle) },
          note: `${sampled.rounds} attack rounds answered ${answered.join(', ') || 'nothing yet'}; ${sampled.latencies.get(probe.name)?.length} samples`,
        });
      }
    } catch (error) {
      // A server stalled long enough drops connections; the next input still gets its measurement.
      console.error(`${input.name}: the measurement failed (${String(error)})`);
      process.exitCode = 1;
    }
  }
} finally {
  await server.close();
}
