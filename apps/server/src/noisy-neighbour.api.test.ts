import { isErrorCode } from '@switchboard/api-client/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AttackAnswer,
  allLatencies,
  CATASTROPHIC_ITEMS,
  catastrophicReview,
  catastrophicRuleSet,
  HEAVY_INPUTS,
  neighbourProbes,
  type Probe,
  percentile,
  request,
  type Sampled,
  type Session,
  sampleProbes,
} from './testing/noisy-neighbour';
import { useOrganizationFixture } from './testing/organization-fixture';

// Dialect-sensitive: PGlite serves every query on one connection while PostgreSQL has a pool, so an
// attacker's database work crowds the neighbour differently on each.

// One organization (the fixture's owner) sends each heavy input while another (the outsider) goes
// about its day; the outsider's requests, health included, must keep answering quickly.

/**
 * What an attack may add to another organization's requests at the 99th percentile. Added to what
 * the same requests take on this machine at rest, measured first: a machine busy with other work
 * is slow for everyone, and that is not the attacker's doing.
 */
const P99_LIMIT_MS = 250;
/**
 * The neighbour's own previews and reviews run on worker threads that share the machine's cores with
 * the attacker's work (and, in the suite, with a browser run beside it): they are held to being
 * answered within a second, while health, which needs no worker, keeps the tight limit.
 */
const ANSWERED_WITHIN_MS = 1_000;
let idleP99Ms = 0;

const fixture = useOrganizationFixture();
let attacker: Session;
let probes: Probe[];

beforeAll(async () => {
  attacker = { url: fixture.server.url, cookie: fixture.owner.cookieHeader };
  const neighbour = { url: fixture.server.url, cookie: fixture.outsider.cookieHeader };
  probes = await neighbourProbes(neighbour, fixture.outsiderProject.id);
}, 60_000);

/** The probes' p99 at rest, measured again before each attack: a shared machine's load drifts. */
async function measureAtRest() {
  const idle = await sampleProbes(probes, undefined, { attackMs: 2000, minSamples: 100 });
  idleP99Ms = percentile(allLatencies(idle), 0.99);
}

/** A 5xx, or a 4xx without a code of the registry, is not the clear answer an attack must get. */
const unclear = (answers: AttackAnswer[]) =>
  answers.filter(
    (answer) => answer.status >= 500 || (answer.status >= 400 && !isErrorCode(answer.code ?? '')),
  );

function summary(sampled: Sampled): string {
  const lines = [...sampled.latencies].map(
    ([name, values]) =>
      `${name}: p99 ${percentile(values, 0.99).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (${values.length})`,
  );
  return [`attack rounds: ${sampled.rounds}, p99 at rest ${idleP99Ms.toFixed(0)} ms`, ...lines].join('\n');
}

// Latency on a shared machine swings with whatever else runs beside the suite: a case that passes
// its limit once in three tries shows the server holds; one that never does is a real stall.
describe("one organization's heavy inputs leave another's requests answered", { retry: 2 }, () => {
  it.each(HEAVY_INPUTS.map((input) => [input.name, input] as const))(
    '%s',
    async (_name, input) => {
      await input.prepare(attacker, fixture.project.id);
      await measureAtRest();
      const sampled = await sampleProbes(probes, (signal) =>
        input.round(attacker, fixture.project.id, signal),
      );
      expect(sampled.failures).toEqual([]);
      expect(unclear(sampled.answers)).toEqual([]);
      const health = sampled.latencies.get('GET /health') ?? [];
      expect(percentile(health, 0.99), summary(sampled)).toBeLessThan(P99_LIMIT_MS + idleP99Ms);
      expect(percentile(allLatencies(sampled), 0.99), summary(sampled)).toBeLessThan(
        ANSWERED_WITHIN_MS + idleP99Ms,
      );
    },
    180_000,
  );
});

describe('the shared render and check workers', () => {
  it('refuse an organization past its share with 429 and Retry-After, and render for the others', async () => {
    const slow = HEAVY_INPUTS.find((input) => input.name === '20 slow previews at once');
    if (!slow) throw new Error('the slow previews input is gone');
    await slow.prepare(attacker, fixture.project.id);
    const neighbourPreview = probes.find((probe) => probe.name.includes('preview'));
    const [answers, neighbour] = await Promise.all([
      slow.round(attacker, fixture.project.id, new AbortController().signal),
      // Sent while the twenty are queued: it is rendered on the worker the attacker may not take.
      new Promise((resolve) => setTimeout(resolve, 200)).then(() => neighbourPreview?.send()),
    ]);
    expect(neighbour?.status).toBe(200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.code).toBe('FAIR_SHARE_EXCEEDED');
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // The rest ran, one at a time, to Liquid's own limit.
    expect(answers.filter((answer) => answer.status === 422).map((answer) => answer.code)).toEqual(
      Array(answers.length - refused.length).fill('TEMPLATE_RENDER_FAILED'),
    );
  }, 180_000);

  it("stop a review whose client went away, so the organization's next review does not wait for it", async () => {
    await request(attacker, 'POST', '/api/v1/rule-sets', catastrophicRuleSet).then((r) => r.arrayBuffer());
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
