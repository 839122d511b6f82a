// The server checked from outside, as its users meet it: started from its build in a process of its
// own (PGlite, or PostgreSQL with TEST_DATABASE=postgres and DATABASE_URL_TEST), attacked from another
// process by one organization with a 36,000-key scaffold.yaml saved and listed, a review of a
// 1,000-character path against 992 brace globs (the most a rule set holds), and outlines nested 3,000
// levels, while a third party, this process, times another organization's requests and health one
// after another. Prints, per attack, the max and p99 of those requests, whether every one was
// answered within a second, and each attack's answers; exits 1 when an attack got anything but a 2xx
// or a 4xx with a code of the registry, or a neighbour's request failed. Latency is printed, never
// asserted: it swings with the machine.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { isErrorCode } from '@switchboard/api-client/errors';
import {
  attackFromAnotherProcess,
  HEAVY_INPUTS,
  neighbourProbes,
  percentile,
  request,
  type Sampled,
  type Session,
  sampleProbes,
  seenThroughOf,
} from '@switchboard/server/testing/noisy-neighbour';
import { signUpForBench } from './bare-server';
import { startBuiltServer } from './built-server';
import { envNumber, report } from './lib';

const _repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const ATTACK_MS = envNumber('BENCH_SECONDS', 10) * 1000;
/** What "answered" means from outside: within a second, whatever the attack. */
const ANSWERED_WITHIN_MS = 1_000;
/** The attacks the check names, from the noisy-neighbour inputs. */
const CHECKED = ['36,000 extra keys', '1,000-character path', 'nested 3,000 levels'];

/** A scratch PostgreSQL database the server migrates on start, or none for PGlite. */
function scratchDatabase(): { url: string; drop(): void } | undefined {
  if (process.env.TEST_DATABASE !== 'postgres') return undefined;
  const admin = process.env.DATABASE_URL_TEST;
  if (!admin) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL_TEST');
  const name = `sb_stall_${randomBytes(4).toString('hex')}`;
  const psql = (sql: string) => {
    const done = spawnSync('psql', [admin, '-q', '-c', sql], { stdio: 'inherit' });
    if (done.status !== 0) throw new Error(`psql failed: ${sql}`);
  };
  psql(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => psql(`drop database if exists ${name} with (force)`) };
}

const database = scratchDatabase();
const server = await startBuiltServer({ dataDirPrefix: 'switchboard-stall-', databaseUrl: database?.url });
try {
  const { url } = server;
  const session = async (name: string): Promise<Session> => ({
    url,
    cookie: await signUpForBench(url, name),
  });
  const projectOf = async (owner: Session, name: string, key: string) => {
    const created = await request(owner, 'POST', '/api/v1/projects', { name, key });
    return ((await created.json()) as { id: string }).id;
  };
  const attacker = await session('Attacker');
  const neighbour = await session('Neighbour');
  const project = await projectOf(attacker, 'Noise', 'NOI');
  const probes = await neighbourProbes(neighbour, await projectOf(neighbour, 'Quiet', 'QUI'));
  const figures = (sampled: Sampled) => {
    const all = [...sampled.latencies.values()].flat();
    const max = Math.max(...all);
    return `max ${max.toFixed(0)} ms, p99 ${percentile(all, 0.99).toFixed(0)} ms of ${all.length} (${max <= ANSWERED_WITHIN_MS ? 'all' : 'not all'} within ${ANSWERED_WITHIN_MS} ms)`;
  };
  const databaseKind = database ? 'postgres' : 'pglite';
  const atRest = await sampleProbes(probes, undefined, { attackMs: ATTACK_MS, minSamples: 1 });
  const p99 = (sampled: Sampled) => percentile([...sampled.latencies.values()].flat(), 0.99);
  console.log(`at rest (${databaseKind}): ${figures(atRest)}`);
  for (const input of HEAVY_INPUTS.filter((candidate) =>
    CHECKED.some((name) => candidate.name.includes(name)),
  )) {
    await input.prepare(attacker, project);
    const sampled = await sampleProbes(probes, () => attackFromAnotherProcess(input, attacker, project), {
      warmupRounds: 0,
      attackMs: ATTACK_MS,
      minSamples: 1,
      seenThrough: seenThroughOf(input),
    });
    const answered = new Map<string, number>();
    for (const answer of sampled.answers) {
      const key = `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
      answered.set(key, (answered.get(key) ?? 0) + 1);
    }
    const unclear = sampled.answers.filter(
      (answer) => answer.status >= 500 || (answer.status >= 400 && !isErrorCode(answer.code ?? '')),
    );
    if (unclear.length > 0 || sampled.failures.length > 0) process.exitCode = 1;
    const perProbe = [...sampled.latencies]
      .map(([name, values]) => `${name} max ${Math.max(...values).toFixed(0)}`)
      .join(', ');
    console.log(
      [
        `${input.name} (${databaseKind}): neighbour and health ${figures(sampled)}`,
        `  ${perProbe} ms`,
        `  attack answered: ${[...answered].map(([key, count]) => `${count}× ${key}`).join(', ') || 'nothing'}${unclear.length > 0 ? ` — ${unclear.length} unclear` : ''}`,
        ...(sampled.failures.length > 0 ? [`  neighbour failures: ${sampled.failures.join(', ')}`] : []),
      ].join('\n'),
    );
    report({
      name: `Others' requests p99 while ${input.name} (${databaseKind}, from outside)`,
      unit: 'ms',
      better: 'lower',
      subject: { label: 'p99 under attack', value: p99(sampled) },
      baseline: { label: 'p99 at rest', value: p99(atRest) },
      note: figures(sampled),
    });
  }
} finally {
  await server.stop();
  database?.drop();
}
