import { isErrorCode } from '@switchboard/api-client/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectedTestDatabase } from './testing/harness';
import {
  ALL_HEAVY_INPUTS,
  type AttackAnswer,
  attackFromAnotherProcess,
  CATASTROPHIC_ITEMS,
  catastrophicReview,
  HEAVY_INPUTS,
  latenciesOf,
  neighbourProbes,
  type Probe,
  percentile,
  planFlood,
  request,
  type Sampled,
  type Session,
  sampleProbes,
  seenThroughOf,
} from './testing/noisy-neighbour';
import { useOrganizationFixture } from './testing/organization-fixture';

// Dialect-sensitive: PGlite serves every query on one connection while PostgreSQL has a pool, so an
// attacker's database work crowds the neighbour differently on each.

/**
 * The attacks run on PostgreSQL too: those whose cost is database work. The others spend theirs on
 * the render and check workers, which are the same whatever the database, as are the workers' shares.
 */
const onPostgres = selectedTestDatabase() === 'postgres';
const CHECKED_INPUTS = ALL_HEAVY_INPUTS.filter((input) => !onPostgres || input.crowdsDatabase);

// One organization (the fixture's owner) sends each heavy input while another (the outsider) goes
// about its day; the outsider's requests, health included, must keep answering quickly.

/**
 * What an attack may add to the 99th percentile of health and of the neighbour's light requests
 * (those that need no worker). Each is compared with the same requests at rest, timed just before
 * the attack in the same process: a machine busy with other work is slow for everyone, and that is
 * not the attacker's doing. The attack is sent from a process of its own, as from elsewhere, so the
 * attacker's client work is not counted as the server's.
 */
const P99_LIMIT_MS = 250;
/**
 * The neighbour's own previews and reviews run on worker threads that share the machine's cores with
 * the attacker's work (and, in the suite, with a browser run beside it): they are held to being
 * answered within a second more than at rest.
 */
const ANSWERED_WITHIN_MS = 1_000;
/**
 * What an attack may add to a p99 that was `atRest`: the group's limit, or on a machine so busy that
 * its own p99 at rest is past a third of that limit, three times the p99 at rest. There the server's
 * process gets a sliver of a core, and an attacker sending without pause from a process of its own
 * takes its share of that sliver as the neighbour's requests do, whatever the server does.
 *
 * A flat "at rest + 250 ms", with a separate guard only where the p99 at rest itself passes 250 ms,
 * was measured and does not hold. On PGlite, on 2 cores beside other suites (load 16 to 30), health's
 * p99 at rest read 217 to 419 ms and an attack added to it, case by case, 437, 276, 338, 237, 252, 428
 * and 647 ms (the light requests 382 to 927 ms), every attack protected: 1.6 to 3.4 times the p99 at
 * rest, the light requests 1.9 to 3.7. Six of the seven pass 250 ms added; the guard would have
 * spared the six whose rest read just over 250 ms and failed the one at 217 ms (health to 493 ms, the
 * light requests from 263 to 764 ms): a line at 250 ms at rest falls where the machine's load does,
 * not where the server stalls. (On PostgreSQL at load 9 to 13, at rest 12–62 ms, no attack added more
 * than 33 ms to health or 66 ms to the light requests: on a quiet machine the limit holds with room.)
 * So the allowance grows with the p99 at rest instead. A stall still fails, and by far: the read
 * flood with reads unshared took health from 433–604 ms to 3.9–5.3 s and the light requests to
 * 5–7.7 s, 6 to 13 times their p99 at rest, in all three tries (before reads had a share, also from
 * 605 ms to 5.6 s on PGlite and the light requests from 74 to 777 ms on PostgreSQL).
 */
const allowance = (limitMs: number, atRest: number) => Math.max(limitMs, 3 * atRest);
/**
 * Answers timed of each probe that needs no worker, at rest and under attack: the 99th percentile of
 * 100 sets the slowest aside (as of 120, which took a fifth longer for the same statistic), so one
 * pause of a shared machine does not decide it, and a window stays short enough that the attacks with
 * their retries fit a suite beside a browser run.
 */
const SAMPLES = 100;
/**
 * Each window stops here even short of SAMPLES: a machine so busy that 120 answers take longer gives
 * fewer, and the allowance has grown with its p99 at rest anyway. It also bounds the wait for the
 * attack's first answered round, and one round of 20 slow previews takes 15–25 s on a busy machine.
 */
const WINDOW_GIVE_UP_MS = 30_000;
const fixture = useOrganizationFixture();
let attacker: Session;
let neighbour: Session;
let probes: Probe[];
/** The probes, by how tightly they are held: health, the other light requests, those needing a worker. */
let groups: Array<{ name: string; probes: string[]; limitMs: number }>;

beforeAll(async () => {
  attacker = { url: fixture.server.url, cookie: fixture.owner.cookieHeader };
  neighbour = { url: fixture.server.url, cookie: fixture.outsider.cookieHeader };
  probes = await neighbourProbes(neighbour, fixture.outsiderProject.id);
  // Stored once: a case's retry, and the tests of the shares below, attack with the same.
  for (const input of CHECKED_INPUTS) await input.prepare(attacker, fixture.project.id);
  const names = (chosen: Probe[]) => chosen.map((probe) => probe.name);
  const health = probes.filter((probe) => probe.name === 'GET /health');
  groups = [
    { name: 'health', probes: names(health), limitMs: P99_LIMIT_MS },
    {
      name: 'light requests',
      probes: names(probes.filter((probe) => !probe.usesWorker && !health.includes(probe))),
      limitMs: P99_LIMIT_MS,
    },
    {
      name: 'worker requests',
      probes: names(probes.filter((probe) => probe.usesWorker)),
      limitMs: ANSWERED_WITHIN_MS,
    },
  ];
}, 60_000);

/** A 5xx, or a 4xx without a code of the registry, is not the clear answer an attack must get. */
const unclear = (answers: AttackAnswer[]) =>
  answers.filter(
    (answer) => answer.status >= 500 || (answer.status >= 400 && !isErrorCode(answer.code ?? '')),
  );

/** One line of a case's figures, printed whether it passes or not, so a run's log carries them. */
function figures(input: string, atRest: Sampled, sampled: Sampled): string {
  const p99s = groups.map((group) => {
    const p99 = (of: Sampled) => percentile(latenciesOf(of, group.probes), 0.99).toFixed(0);
    return `${group.name} ${p99(atRest)} → ${p99(sampled)} ms`;
  });
  return `noisy neighbour (${fixture.server.database}) ${input}: p99 at rest → under attack: ${p99s.join(', ')}; ${sampled.rounds} rounds`;
}

function summary(atRest: Sampled, sampled: Sampled): string {
  const lines = [...sampled.latencies].map(([name, values]) => {
    const rest = atRest.latencies.get(name) ?? [];
    return `${name}: p99 ${percentile(values, 0.99).toFixed(0)} ms (${values.length}), at rest ${percentile(rest, 0.99).toFixed(0)} ms`;
  });
  const answered = [...new Set(sampled.answers.map((answer) => answer.code ?? answer.status))];
  return [`attack rounds: ${sampled.rounds}, answered ${answered.join(', ')}`, ...lines].join('\n');
}

// Latency on a shared machine swings with whatever else runs beside the suite: a case that passes
// its limit once in three tries shows the server holds; one that never does is a real stall.
describe("one organization's heavy inputs leave another's requests answered", { retry: 2 }, () => {
  it.each(CHECKED_INPUTS.map((input) => [input.name, input] as const))(
    '%s',
    async (_name, input) => {
      // Measured again before each attack: a shared machine's load drifts.
      const atRest = await sampleProbes(probes, undefined, {
        attackMs: 0,
        minSamples: SAMPLES,
        giveUpMs: WINDOW_GIVE_UP_MS,
      });
      // The window at rest has just warmed the server up.
      const sampled = await sampleProbes(
        probes,
        () => attackFromAnotherProcess(input, attacker, fixture.project.id),
        {
          warmupRounds: 0,
          attackMs: 0,
          seenThrough: seenThroughOf(input),
          minSamples: SAMPLES,
          giveUpMs: WINDOW_GIVE_UP_MS,
        },
      );
      console.info(figures(input.name, atRest, sampled));
      const report = summary(atRest, sampled);
      expect(sampled.failures, report).toEqual([]);
      // Every attack was answered while the neighbour was timed, and answered clearly.
      expect(sampled.answers.length, report).toBeGreaterThan(0);
      expect(unclear(sampled.answers), report).toEqual([]);
      for (const group of groups) {
        const underAttack = percentile(latenciesOf(sampled, group.probes), 0.99);
        const rest = percentile(latenciesOf(atRest, group.probes), 0.99);
        expect(underAttack, `${group.name}\n${report}`).toBeLessThan(rest + allowance(group.limitMs, rest));
      }
    },
    240_000,
  );
});

/** The answers refused past a share: there are some, each 429 FAIR_SHARE_EXCEEDED with a Retry-After. */
function refusedPastShare(answers: AttackAnswer[]): AttackAnswer[] {
  const refused = answers.filter((answer) => answer.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  for (const answer of refused) {
    expect(answer.code).toBe('FAIR_SHARE_EXCEEDED');
    expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
  }
  return refused;
}

describe("an organization's fair share", () => {
  it("refuses writes past its share with 429 and Retry-After, makes the rest, and takes the neighbour's", async () => {
    // Requests reach the server one after another; a round whose first writes finished before its
    // last arrived may fit in the line whole, so the flood goes on, a few rounds at most, until the
    // line overflows.
    const answers: AttackAnswer[] = [];
    let neighbourPlan: Response | undefined;
    for (let round = 0; round < 5 && !answers.some((answer) => answer.status === 429); round++) {
      const [flood, neighbourWrite] = await Promise.all([
        planFlood(attacker, fixture.project.id, 100, new AbortController().signal),
        // Sent while the flood waits its turn: the neighbour's write is not in the attacker's line.
        new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
          request(neighbour, 'POST', `/api/v1/projects/${fixture.outsiderProject.id}/plans`, {
            title: 'Mine',
            outline: '- One step',
          }),
        ),
      ]);
      answers.push(...flood);
      neighbourPlan = neighbourWrite;
    }
    expect(neighbourPlan?.status).toBe(201);
    const refused = refusedPastShare(answers);
    expect(answers.filter((answer) => answer.status !== 429).map((answer) => answer.status)).toEqual(
      Array(answers.length - refused.length).fill(201),
    );
  }, 180_000);
});

describe.skipIf(onPostgres)('the shared render and check workers', () => {
  it('refuse an organization past its share with 429 and Retry-After, and render for the others', async () => {
    const slow = HEAVY_INPUTS.find((input) => input.name === '20 slow previews at once');
    if (!slow) throw new Error('the slow previews input is gone');
    const neighbourPreview = probes.find((probe) => probe.name.includes('preview'));
    const [answers, neighbour] = await Promise.all([
      slow.round(attacker, fixture.project.id, new AbortController().signal),
      // Sent while the twenty are queued: it is rendered on the worker the attacker may not take.
      new Promise((resolve) => setTimeout(resolve, 200)).then(() => neighbourPreview?.send()),
    ]);
    expect(neighbour?.status).toBe(200);
    const refused = refusedPastShare(answers);
    // The rest ran, one at a time, to Liquid's own limit.
    expect(answers.filter((answer) => answer.status === 422).map((answer) => answer.code)).toEqual(
      Array(answers.length - refused.length).fill('TEMPLATE_RENDER_FAILED'),
    );
  }, 180_000);

  it("stop a review whose client went away, so the organization's next review does not wait for it", async () => {
    await request(attacker, 'POST', '/api/v1/rule-sets', {
      name: 'quick',
      patterns: [],
      rules: [{ pattern: 'all', globs: ['**'], mustNotDo: [{ rule: 'No TODO', check: { forbid: 'TODO' } }] }],
    }).then((r) => r.arrayBuffer());
    const caller = new AbortController();
    const abandoned = request(
      attacker,
      'POST',
      '/api/v1/rule-sets/catastrophic/review',
      catastrophicReview,
      caller.signal,
    ).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 500));
    caller.abort();
    await abandoned;

    const started = performance.now();
    const quick = await request(attacker, 'POST', '/api/v1/rule-sets/quick/review', {
      file_path: 'src/a.ts',
      content: '// TODO\n',
    });
    expect(quick.status).toBe(200);
    expect(((await quick.json()) as { identified_issues: unknown[] }).identified_issues).toHaveLength(1);
    // One review of an organization runs at a time: had the abandoned one gone on, this one would
    // have waited behind its remaining regexes, two seconds each.
    expect(performance.now() - started).toBeLessThan((CATASTROPHIC_ITEMS * 2000) / 4);
  }, 180_000);
});
