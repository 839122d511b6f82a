import { fork } from 'node:child_process';
import { SERVICE_FILES, SERVICE_SCAFFOLD_YAML } from './templates';

// One organization sends the heaviest inputs it can while another's ordinary requests are timed: the
// noisy-neighbour API tests and their benchmark share these inputs and this sampling. Everything
// speaks plain HTTP with a session cookie, so a benchmark can drive a server in another process too.

/** A signed-in session on a server. */
export interface Session {
  url: string;
  cookie: string;
}

/** What one attacking request got: its status, and for a refusal its code and Retry-After. */
export interface AttackAnswer {
  status: number;
  code?: string;
  retryAfter?: string;
}

/** Told of each attacking request's answer as it comes, before its round is over. */
export type Answered = (answer: AttackAnswer) => void;

/** A refusal past the caller's share: answered at once, without the work the attack asked for. */
export const isRefusalPastShare = (answer: AttackAnswer) => answer.status === 429;

export interface HeavyInput {
  name: string;
  /** Stores what the attack needs (as the organization's owner); a refusal here is the attack meeting a limit. */
  prepare(attacker: Session, projectId: string): Promise<void>;
  /** One round of the attack. */
  round(
    attacker: Session,
    projectId: string,
    signal: AbortSignal,
    answered?: Answered,
  ): Promise<AttackAnswer[]>;
  /**
   * Whether an attack under way has gone on long enough to be measured: it has had its heaviest work
   * answered, so the window timed the server through it. @default one round answered
   */
  seenThrough?(attack: Attack): boolean;
  /**
   * Whether the attack's cost is database work (writes, reads, listing stored rows) rather than a
   * worker's: only those crowd a neighbour differently on PGlite's one connection and PostgreSQL's pool.
   */
  crowdsDatabase?: boolean;
}

/**
 * For an input whose round is mostly waiting in its own line (one render or review of the caller's at
 * a time, each to its limit): one request answered other than refused past its share has held its
 * worker from start to end. The whole round's answers are checked by the fair-share tests.
 */
const oneHeavyAnswer = (attack: Attack) => attack.worked >= 1;

/** When an attack of `input` has gone on long enough to be measured (HeavyInput.seenThrough). */
export const seenThroughOf =
  (input: HeavyInput) =>
  (attack: Attack): boolean =>
    input.seenThrough?.(attack) ?? attack.rounds >= 1;

export function request(
  session: Session,
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${session.url}${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      origin: session.url,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    ...(signal && { signal }),
  });
}

/** Sends and reads the answer whole (as a client must for the server to finish), keeping what a test checks. */
async function attack(
  session: Session,
  method: string,
  path: string,
  body: unknown,
  signal: AbortSignal,
  answered?: Answered,
): Promise<AttackAnswer> {
  const answer = await answerOf(await request(session, method, path, body, signal));
  answered?.(answer);
  return answer;
}

async function answerOf(response: Response): Promise<AttackAnswer> {
  const text = await response.text();
  if (response.ok) return { status: response.status };
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    // Not our error shape; the status says enough and the test names it.
  }
  const retryAfter = response.headers.get('retry-after');
  return { status: response.status, ...(code && { code }), ...(retryAfter && { retryAfter }) };
}

/** Creates something the attack needs and lets a refusal stand: the round then meets it too. */
async function store(session: Session, path: string, body: unknown): Promise<void> {
  const response = await request(session, 'POST', path, body);
  await response.arrayBuffer();
  if (response.status >= 500) throw new Error(`POST ${path} answered ${response.status}`);
}

const hugeScaffoldYaml = `${SERVICE_SCAFFOLD_YAML}${Array.from({ length: 36_000 }, (_, index) => `extra${index}: ${index}\n`).join('')}`;

/**
 * `**\/{a,b}{c,d}/**\/…/z`-shaped globs, as many as a rule set may hold: each of 62 rules has one glob
 * of 16 alternatives, 992 globs in all against the limit of 1,000 after expansion (a rule set of more,
 * as the 4,000 the attack first sent, is refused at save). Every `**` before the last segment makes a
 * matcher try each place a long path could split.
 */
const braceRules = Array.from({ length: 62 }, (_, rule) => ({
  pattern: `braces-${rule}`,
  globs: [`**/{a,b}{c,d}/**/{e,f}/**/{g,h}/**/z${rule}.ts`],
  mustNotDo: [{ rule: `Nothing in braces ${rule}`, check: { forbid: 'never-present' } }],
}));
const longPath = `${'d/'.repeat(495)}file.ts`;

/** Nested repetition that backtracks without end on a run of a's that does not match. */
export const CATASTROPHIC_ITEMS = 60;
const catastrophicRuleSet = {
  name: 'catastrophic',
  patterns: [],
  rules: [
    {
      pattern: 'all',
      globs: ['**'],
      mustNotDo: Array.from({ length: CATASTROPHIC_ITEMS }, (_, index) => ({
        rule: `No runs of a (${index})`,
        check: { forbid: '^(a+)+$' },
      })),
    },
  ],
};
export const catastrophicReview = { file_path: 'src/a.txt', content: `${'a'.repeat(40)}!` };

/** Many more writes at once than a caller's share of the server lets run; they wait their turn. */
export const FLOOD_WRITES = 40;

/** `count` plan creations sent at once, as one caller. */
export function planFlood(
  attacker: Session,
  projectId: string,
  count: number,
  signal: AbortSignal,
  answered?: Answered,
): Promise<AttackAnswer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      attack(
        attacker,
        'POST',
        `/api/v1/projects/${projectId}/plans`,
        { title: `Flood ${index}`, outline: `- Step ${index}\n- Another step` },
        signal,
        answered,
      ),
    ),
  );
}

/** A render Liquid stops at its own time limit, after holding a worker all that while. */
const slowTemplate = {
  name: 'slow',
  scaffoldYaml: 'features:\n  - name: spin\n    includes: [spin.txt]\n',
  files: { 'spin.txt.liquid': '{% for i in (1..40000) %}{% for j in (1..40000) %}{% endfor %}{% endfor %}' },
};

export const HEAVY_INPUTS: HeavyInput[] = [
  {
    name: 'a scaffold.yaml with 36,000 extra keys, saved and listed',
    crowdsDatabase: true,
    prepare: async () => {},
    round: async (attacker, _projectId, signal, answered) => {
      const name = `keys-${Math.random().toString(36).slice(2, 10)}`;
      const files = SERVICE_FILES;
      const saved = await attack(
        attacker,
        'POST',
        '/api/v1/templates',
        { name, scaffoldYaml: hugeScaffoldYaml, files },
        signal,
        answered,
      );
      const listed = await attack(attacker, 'GET', '/api/v1/templates', undefined, signal, answered);
      return [saved, listed];
    },
  },
  {
    name: 'a review of a 1,000-character path against 992 brace globs',
    prepare: (attacker) =>
      store(attacker, '/api/v1/rule-sets', { name: 'braces', patterns: [], rules: braceRules }),
    round: async (attacker, _projectId, signal, answered) => [
      await attack(
        attacker,
        'POST',
        '/api/v1/rule-sets/braces/review',
        { file_path: longPath, content: 'x' },
        signal,
        answered,
      ),
    ],
  },
  {
    name: `reviews against ${CATASTROPHIC_ITEMS} catastrophic regexes, three at once`,
    prepare: (attacker) => store(attacker, '/api/v1/rule-sets', catastrophicRuleSet),
    round: (attacker, _projectId, signal, answered) =>
      Promise.all(
        [1, 2, 3].map(() =>
          attack(
            attacker,
            'POST',
            '/api/v1/rule-sets/catastrophic/review',
            catastrophicReview,
            signal,
            answered,
          ),
        ),
      ),
    seenThrough: oneHeavyAnswer,
  },
  {
    name: '20 slow previews at once',
    prepare: (attacker) => store(attacker, '/api/v1/templates', slowTemplate),
    round: (attacker, _projectId, signal, answered) =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          attack(attacker, 'POST', '/api/v1/templates/slow/preview', { method: 'spin' }, signal, answered),
        ),
      ),
    seenThrough: oneHeavyAnswer,
  },
  {
    name: 'outlines nested 3,000 levels deep',
    prepare: async () => {},
    round: (attacker, projectId, signal, answered) =>
      Promise.all(
        [
          `${'- '.repeat(3000)}deep`,
          `${'> '.repeat(3000)}deep`,
          // As deep as an indented list gets within the outline's length limit: 700 levels.
          Array.from({ length: 700 }, (_, depth) => `${'  '.repeat(depth)}- level ${depth}`).join('\n'),
        ].map((outline) =>
          attack(
            attacker,
            'POST',
            `/api/v1/projects/${projectId}/plans`,
            { title: 'Deep', outline },
            signal,
            answered,
          ),
        ),
      ),
  },
];

/** A caller's writes flooding the server: each waits its turn, the neighbour's requests do not. */
export const WRITE_FLOOD: HeavyInput = {
  name: `${FLOOD_WRITES} plan creations at once`,
  crowdsDatabase: true,
  prepare: async () => {},
  round: (attacker, projectId, signal, answered) =>
    planFlood(attacker, projectId, FLOOD_WRITES, signal, answered),
};

/** Many more reads at once than a caller's share of the server lets run; they wait their turn. */
export const FLOOD_READS = 60;

/** `count` reads of the project's tasks and of the organization's projects, sent at once as one caller. */
export function readFlood(
  attacker: Session,
  projectId: string,
  count: number,
  signal: AbortSignal,
  answered?: Answered,
): Promise<AttackAnswer[]> {
  const paths = [`/api/v1/projects/${projectId}/tasks`, '/api/v1/projects'];
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      attack(attacker, 'GET', paths[index % paths.length] as string, undefined, signal, answered),
    ),
  );
}

/** A caller's reads flooding the server: each waits its turn, the neighbour's requests do not. */
export const READ_FLOOD: HeavyInput = {
  name: `${FLOOD_READS} reads at once`,
  crowdsDatabase: true,
  prepare: async () => {},
  round: (attacker, projectId, signal, answered) =>
    readFlood(attacker, projectId, FLOOD_READS, signal, answered),
};

/** Every heavy input, the floods included: what an attack process may be told to send. */
export const ALL_HEAVY_INPUTS: readonly HeavyInput[] = [...HEAVY_INPUTS, WRITE_FLOOD, READ_FLOOD];

/** What an attack process (attack-process.ts) is told to send: its first message. */
export interface AttackOrder {
  input: string;
  attacker: Session;
  projectId: string;
}

/** What an attack process sends back: each answer as it comes, the end of each round, or why it stopped. */
export type AttackReport = { answer: AttackAnswer } | { roundOver: true } | { failed: string };

/** An attack under way: rounds of one heavy input sent without pause. */
export interface Attack {
  /** Rounds answered whole so far. */
  readonly rounds: number;
  /** Requests answered so far other than refused past the share: the attack's work done. */
  readonly worked: number;
  /** Stops it (requests still open are aborted, as a client gone away); every answer it got. */
  stop(): Promise<AttackAnswer[]>;
}

/**
 * Sends `input`'s rounds without pause from a child process (attack-process.ts), as an attacker
 * elsewhere would: a test's server and its neighbour's probes share this process's event loop, and
 * the attacker's own client work would otherwise be counted as the server's delay. Resolves once the
 * process is ready to send.
 */
export async function attackFromAnotherProcess(
  input: HeavyInput,
  attacker: Session,
  projectId: string,
): Promise<Attack> {
  const child = fork(new URL('./attack-process.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answers: AttackAnswer[] = [];
  let rounds = 0;
  let failure: string | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('message', (report: AttackReport) => {
    if ('failed' in report) failure = report.failed;
    else if ('answer' in report) answers.push(report.answer);
    else rounds++;
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  child.send({ input: input.name, attacker, projectId } satisfies AttackOrder);
  return {
    get rounds() {
      return rounds;
    },
    get worked() {
      return answers.filter((answer) => !isRefusalPastShare(answer)).length;
    },
    async stop() {
      if (child.connected) child.send('stop');
      await exited;
      if (failure) throw new Error(`the attack failed: ${failure}`);
      return answers;
    },
  };
}

/** One ordinary request of the neighbour's, timed. */
export interface Probe {
  name: string;
  send(): Promise<Response>;
  /** Needs a render or check worker, which the machine's cores bound more than the server does. */
  usesWorker?: boolean;
}

/**
 * The neighbour's everyday requests: health, its projects and tasks, and a preview and a review of its
 * own small template and rule set (so the shared worker pools are measured too).
 */
export async function neighbourProbes(neighbour: Session, projectId: string): Promise<Probe[]> {
  await store(neighbour, '/api/v1/templates', {
    name: 'small',
    scaffoldYaml: SERVICE_SCAFFOLD_YAML,
    files: SERVICE_FILES,
  });
  await store(neighbour, '/api/v1/rule-sets', {
    name: 'small',
    patterns: [],
    rules: [
      { pattern: 'all', globs: ['src/**'], mustNotDo: [{ rule: 'No TODO', check: { forbid: 'TODO' } }] },
    ],
  });
  return [
    { name: 'GET /health', send: () => request(neighbour, 'GET', '/api/v1/health') },
    { name: 'GET /projects', send: () => request(neighbour, 'GET', '/api/v1/projects') },
    {
      name: 'GET /projects/:id/tasks',
      send: () => request(neighbour, 'GET', `/api/v1/projects/${projectId}/tasks`),
    },
    {
      name: 'POST /templates/small/preview',
      usesWorker: true,
      send: () =>
        request(neighbour, 'POST', '/api/v1/templates/small/preview', {
          method: 'service',
          variables: { serviceName: 'billing' },
        }),
    },
    {
      name: 'POST /rule-sets/small/review',
      usesWorker: true,
      send: () =>
        request(neighbour, 'POST', '/api/v1/rule-sets/small/review', {
          file_path: 'src/a.ts',
          content: 'export const a = 1; // TODO\n',
        }),
    },
  ];
}

export interface Sampled {
  /** Milliseconds each probe took, by probe name. */
  latencies: Map<string, number[]>;
  /** Probe answers that were not 2xx, as "name status". */
  failures: string[];
  answers: AttackAnswer[];
  rounds: number;
}

export interface SampleOptions {
  /** Probe rounds before timing starts, on a quiet server. @default 5 */
  warmupRounds?: number;
  /** How long the attack goes on while the probes are timed. @default 3000 */
  attackMs?: number;
  /**
   * Answers to time at least of each probe that needs no worker (a worker probe takes what it gets in
   * that time), so a 99th percentile rests on enough of them. @default 100
   */
  minSamples?: number;
  /**
   * Whether the attack has gone on long enough for sampling to stop (within `giveUpMs`), so the window
   * spans its heaviest work and its answers are checked, not only its neighbour's. @default always
   */
  seenThrough?: (attack: Attack) => boolean;
  /** Sampling stops here even short of `minSamples`: a stalled server has failed already. @default 60000 */
  giveUpMs?: number;
}

/**
 * Times the probes while `attack` runs rounds without pause (when given): each probe that needs no
 * worker is sent one after another in a loop of its own, the worker probes in one loop together, the
 * loops side by side, so a quick probe gathers its samples without waiting for a slow one. After `attackMs` and `minSamples`, the attack's requests still open
 * are aborted, as a client gone away.
 */
export async function sampleProbes(
  probes: Probe[],
  startAttack: (() => Attack | Promise<Attack>) | undefined,
  options: SampleOptions = {},
): Promise<Sampled> {
  const { warmupRounds = 5, attackMs = 3000, minSamples = 100, seenThrough, giveUpMs = 60_000 } = options;
  for (let round = 0; round < warmupRounds; round++) {
    for (const probe of probes) await (await probe.send()).arrayBuffer();
  }
  const latencies = new Map(probes.map((probe) => [probe.name, [] as number[]]));
  const failures: string[] = [];
  const attack = await startAttack?.();
  const started = performance.now();
  const sampledEnough = (probe: Probe) =>
    probe.usesWorker === true || (latencies.get(probe.name)?.length ?? 0) >= minSamples;
  const going = () => {
    const elapsed = performance.now() - started;
    return (
      elapsed < giveUpMs &&
      (!probes.every(sampledEnough) ||
        elapsed < attackMs ||
        (attack !== undefined && seenThrough !== undefined && !seenThrough(attack)))
    );
  };
  const time = async (probe: Probe) => {
    const sent = performance.now();
    const response = await probe.send();
    await response.arrayBuffer();
    latencies.get(probe.name)?.push(performance.now() - sent);
    if (!response.ok) failures.push(`${probe.name} ${response.status}`);
  };
  // The worker probes take turns in one loop, so the neighbour keeps at most one worker of its own
  // busy (more would crowd the server's thread on a small machine, the attack or not).
  const workerProbes = probes.filter((probe) => probe.usesWorker);
  const loops = [...probes.filter((probe) => !probe.usesWorker).map((probe) => [probe]), workerProbes];
  const sampling = Promise.all(
    loops.map(async (loop) => {
      while (loop.length > 0 && going()) for (const probe of loop) await time(probe);
    }),
  );
  // The attack stops whatever happened to the probes; a probe's failure is thrown after.
  await sampling.catch(() => undefined);
  const rounds = attack?.rounds ?? 0;
  const answers = (await attack?.stop()) ?? [];
  await sampling;
  return { latencies, failures, answers, rounds };
}

/** The value below which `fraction` of the values lie (nearest rank). */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] as number;
}

/** The latencies of the named probes, together. */
export function latenciesOf(sampled: Sampled, names: readonly string[]): number[] {
  return names.flatMap((name) => sampled.latencies.get(name) ?? []);
}
