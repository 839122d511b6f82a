import {
  createTimedWorkerPool,
  isTimedWorkerError,
  type RunOptions,
} from '@switchboard/sandbox/timed-worker';
import { findMatchOffsets, type RegexRunner } from './checks/regex-runner.js';
import { ArchitectureError } from './errors.js';
import { type ReviewOptions, reviewFile } from './review.js';
import type { ReviewInput, ReviewResult, RuleSetContent } from './types.js';
import { ruleRegexFlags } from './yaml/regex-syntax.js';

// Node-only entry: rule regexes run in worker threads that are ended when one takes too long, so a
// catastrophic pattern costs at most the time limit instead of a hung server or commit hook.

export interface RegexSandboxOptions {
  /** How long one regex may run over one file; @default 2000 */
  timeoutMs?: number;
  /** Regexes at once; @default 2 */
  workers?: number;
}

export interface RegexSandbox extends RegexRunner {
  /** A runner whose regexes count against an owner's fair share and stop when the signal fires. */
  runnerFor(options: RunOptions): RegexRunner;
  /** Ends the workers; later calls start a new one. */
  close(): Promise<void>;
}

interface RegexJob {
  source: string;
  flags: string;
  text: string;
  limit: number;
}

const handlerSource = `(() => {
  const find = ${findMatchOffsets.toString()};
  return (job) => find(job.source, job.flags, job.text, job.limit);
})()`;

const unrelatedToThePattern: ReadonlySet<string> = new Set(['busy', 'aborted', 'closed']);

/** Regex workers, each replaced whenever a regex overruns the time limit. */
export function createRegexSandbox(options: RegexSandboxOptions = {}): RegexSandbox {
  const timeoutMs = options.timeoutMs ?? 2000;
  const pool = createTimedWorkerPool<RegexJob, number[]>({
    handlerSource,
    timeoutMs,
    workers: options.workers ?? 2,
  });
  const find = (source: string, text: string, limit: number, runOptions: RunOptions = {}) =>
    pool.run({ source, flags: ruleRegexFlags, text, limit }, runOptions).catch((error: unknown) => {
      // A refused share, a gone client or a closing pool is about the request, not the check: it
      // travels up as it is. Anything about the pattern itself makes the check "not checked".
      if (!isTimedWorkerError(error) || unrelatedToThePattern.has(error.reason)) throw error;
      if (error.reason === 'timed-out') {
        throw new ArchitectureError(
          'CHECK_TIMED_OUT',
          `The check's pattern /${source}/ did not finish within ${timeoutMs} ms and was stopped, so it is not checked: ` +
            'judge this rule yourself, and rewrite it (nested repetition such as (a+)+ can backtrack without end).',
        );
      }
      throw new ArchitectureError(
        'CHECK_FAILED',
        `The check's pattern /${source}/ could not run (${error.message}), so it is not checked: judge this rule yourself.`,
      );
    });
  return {
    find: (source, text, limit) => find(source, text, limit),
    runnerFor: (runOptions) => ({ find: (source, text, limit) => find(source, text, limit, runOptions) }),
    close: () => pool.close(),
  };
}

let sharedSandbox: RegexSandbox | undefined;

/**
 * `reviewFile` with every rule regex run in a time-limited worker (the process's shared ones unless a
 * sandbox is given). A regex that overruns or cannot run is reported as not checked, with the reason;
 * the review still completes.
 */
export function reviewFileSafely(
  content: Pick<RuleSetContent, 'rules'> & Partial<RuleSetContent>,
  input: ReviewInput,
  options: { sandbox?: RegexSandbox } & RunOptions & Omit<ReviewOptions, 'regexRunner'> = {},
): Promise<ReviewResult> {
  sharedSandbox ??= createRegexSandbox();
  const { sandbox = sharedSandbox, owner, signal, ...rest } = options;
  const runOptions: RunOptions = {
    ...(owner !== undefined && { owner }),
    ...(signal !== undefined && { signal }),
  };
  return reviewFile(content, input, { ...rest, regexRunner: sandbox.runnerFor(runOptions) });
}

export * from './index.js';
