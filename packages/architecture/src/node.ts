import { Worker } from 'node:worker_threads';
import { findMatchOffsets, type RegexRunner } from './checks/regex-runner.js';
import { ArchitectureError } from './errors.js';
import { type ReviewOptions, reviewFile } from './review.js';
import type { ReviewInput, ReviewResult, RuleSetContent } from './types.js';
import { ruleRegexFlags } from './yaml/regex-syntax.js';

// Node-only entry: rule regexes run in a worker thread that is terminated when one takes too long,
// so a catastrophic pattern costs at most the time limit instead of a hung server or commit hook.

export interface RegexSandboxOptions {
  /** How long one regex may run over one file; @default 2000 */
  timeoutMs?: number;
}

export interface RegexSandbox extends RegexRunner {
  /** Ends the worker; later calls start a new one. */
  close(): Promise<void>;
}

interface Job {
  source: string;
  text: string;
  limit: number;
  resolve(offsets: number[]): void;
  reject(error: Error): void;
}

type WorkerAnswer = { offsets: number[] } | { error: string };

const workerSource = `
const { parentPort } = require('node:worker_threads');
const find = ${findMatchOffsets.toString()};
parentPort.on('message', (job) => {
  try {
    parentPort.postMessage({ offsets: find(job.source, job.flags, job.text, job.limit) });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

/** One worker running regexes one at a time, replaced whenever a regex overruns the time limit. */
export function createRegexSandbox(options: RegexSandboxOptions = {}): RegexSandbox {
  const timeoutMs = options.timeoutMs ?? 2000;
  const queue: Job[] = [];
  let worker: Worker | undefined;
  let online = false;
  let running: { job: Job; timer: ReturnType<typeof setTimeout> } | undefined;

  const startWorker = () => {
    const started = new Worker(workerSource, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    started.on('online', () => {
      online = true;
      next();
    });
    started.on('message', (answer: WorkerAnswer) => finish(answer));
    started.on('error', (error) => finish({ error: error.message }));
    started.on('exit', () => {
      if (worker !== started) return;
      worker = undefined;
      online = false;
      if (running) finish({ error: 'The regex worker stopped unexpectedly.' });
    });
    worker = started;
    online = false;
  };

  const finish = (answer: WorkerAnswer) => {
    if (!running) return;
    const { job, timer } = running;
    clearTimeout(timer);
    running = undefined;
    if ('offsets' in answer) job.resolve(answer.offsets);
    else job.reject(new Error(answer.error));
    next();
  };

  const next = () => {
    if (running) return;
    if (queue.length === 0) {
      // An idle worker must not keep a CLI process alive; while work waits, it must.
      worker?.unref();
      return;
    }
    if (!worker) startWorker();
    worker?.ref();
    if (!online || !worker) return;
    const job = queue.shift() as Job;
    const current = worker;
    const timer = setTimeout(() => {
      running = undefined;
      worker = undefined;
      online = false;
      void current.terminate();
      job.reject(
        new ArchitectureError(
          'CHECK_TIMED_OUT',
          `The check's pattern /${job.source}/ did not finish within ${timeoutMs} ms and was stopped; ` +
            'rewrite the rule (nested repetition such as (a+)+ can backtrack without end).',
        ),
      );
      next();
    }, timeoutMs);
    running = { job, timer };
    current.postMessage({ source: job.source, flags: ruleRegexFlags, text: job.text, limit: job.limit });
  };

  return {
    find: (source, text, limit) =>
      new Promise<number[]>((resolve, reject) => {
        queue.push({ source, text, limit, resolve, reject });
        next();
      }),
    close: async () => {
      const current = worker;
      worker = undefined;
      online = false;
      if (current) await current.terminate();
    },
  };
}

let sharedSandbox: RegexSandbox | undefined;

/**
 * `reviewFile` with every rule regex run in a time-limited worker (one shared worker unless a sandbox
 * is given). A regex that overruns becomes a finding that says so; the review still completes.
 */
export function reviewFileSafely(
  content: Pick<RuleSetContent, 'rules'> & Partial<RuleSetContent>,
  input: ReviewInput,
  options: { sandbox?: RegexSandbox } & Omit<ReviewOptions, 'regexRunner'> = {},
): Promise<ReviewResult> {
  sharedSandbox ??= createRegexSandbox();
  return reviewFile(content, input, { regexRunner: options.sandbox ?? sharedSandbox });
}

export * from './index.js';
