import { createRequire } from 'node:module';
import {
  createTimedWorkerPool,
  isTimedWorkerError,
  type RunOptions,
  type TimedWorkerPoolUsage,
} from '@switchboard/sandbox/timed-worker';
import { TemplateError } from './errors.js';
import { createTemplateFilters } from './filters.js';
import { includeApplies } from './include.js';
import { templateLimits } from './limits.js';
import type { RenderJob, RenderJobAnswer } from './render-job.js';
import { runRenderJob } from './render-job.js';
import { renderJobSteps } from './render-job-steps.js';
import { checkVariablesWith } from './variables.js';

// Node-only: renders run in worker threads that are ended when a job passes its time limit, so a
// template that loops without end, or a schema pattern that backtracks, costs the limit and never
// the server's event loop. Two workers, so one stuck render does not hold up the next preview.

export interface RenderSandboxOptions {
  /** Wall-clock limit of one job; @default templateLimits.jobMs (5 s) */
  timeoutMs?: number;
  /** Renders at once; @default 2 */
  workers?: number;
  /** Output the renders running at once may hold in all; @default templateLimits.heldOutputBytes */
  heldOutputBytes?: number;
}

export interface RenderSandbox {
  /** Whose render it is and when its caller went away: the pool's fair shares and cancellation. */
  run(job: RenderJob, options?: RunOptions): Promise<RenderJobAnswer>;
  /** What the render workers hold now, and the most output they have held at once. */
  usage(): TimedWorkerPoolUsage;
  /** Ends the workers; a later job starts a new one. */
  close(): Promise<void>;
}

/**
 * Where liquidjs and ajv are on disk. From source, this module resolves them itself; inside a bundle
 * (the server's dist/main.mjs) they are found through this package's own folder.
 */
function resolveDependency(name: string): string {
  const here = createRequire(import.meta.url);
  try {
    return here.resolve(name);
  } catch {
    return createRequire(here.resolve('@switchboard/templates')).resolve(name);
  }
}

/** Each step of a render job by name, as source text: `name: function …,`. */
function stepSources(): string {
  return Object.entries(renderJobSteps)
    .map(([name, step]) => `    ${name}: ${step.toString()},`)
    .join('\n');
}

/** The worker's handler: the render job's own source with the dependencies it is given. */
function handlerSource(): string {
  return `(() => {
  const { Liquid, toValue } = require(workerData.liquidPath);
  const { Ajv } = require(workerData.ajvPath);
  const deps = {
    Liquid,
    toValue,
    Ajv,
    createTemplateFilters: ${createTemplateFilters.toString()},
    checkVariablesWith: ${checkVariablesWith.toString()},
    includeApplies: ${includeApplies.toString()},
${stepSources()}
  };
  const runRenderJob = ${runRenderJob.toString()};
  return (job) => runRenderJob(deps, job);
})()`;
}

/** A job that did not answer, in the words and codes of a render. */
function renderFailure(error: unknown, job: RenderJob, timeoutMs: number): RenderJobAnswer {
  if (!isTimedWorkerError(error)) throw error;
  switch (error.reason) {
    case 'job-threw':
      return { ok: false, code: 'RENDER_FAILED', message: error.message };
    case 'timed-out':
      throw new TemplateError(
        'RENDER_TIMED_OUT',
        `Rendering "${job.methodName}" did not finish within ${timeoutMs} ms and was stopped (a loop without end?).`,
      );
    case 'out-of-memory':
      throw new TemplateError(
        'OUTPUT_TOO_LARGE',
        'The template needed more memory than a render may use and was stopped.',
      );
    case 'closed':
      throw new TemplateError(
        'RENDER_FAILED',
        'The template renderer was shut down before the render finished.',
      );
    case 'worker-failed':
      throw new TemplateError('RENDER_FAILED', `The template renderer failed: ${error.message}`);
    case 'busy':
    case 'aborted':
      // Not the template's fault: the caller's share of the renderer is used up, or the caller left.
      throw error;
  }
}

/** Render workers, each replaced whenever a job overruns the time limit. */
export function createRenderSandbox(options: RenderSandboxOptions = {}): RenderSandbox {
  const timeoutMs = options.timeoutMs ?? templateLimits.jobMs;
  const pool = createTimedWorkerPool<RenderJob, RenderJobAnswer>({
    handlerSource: handlerSource(),
    workerData: { liquidPath: resolveDependency('liquidjs'), ajvPath: resolveDependency('ajv') },
    timeoutMs,
    workers: options.workers ?? 2,
    heldBytesLimit: options.heldOutputBytes ?? templateLimits.heldOutputBytes,
    // Ten megabytes of output and the strings behind it fit well inside this; a runaway does not.
    memoryMb: 256,
  });
  return {
    // A render holds at most its output's limit: reserved while it runs, so the renders running at
    // once never hold more output than the budget, however many callers wait.
    run: (job, runOptions) =>
      pool
        .run(job, { ...runOptions, bytes: job.limits.outputBytes })
        .catch((error: unknown) => renderFailure(error, job, timeoutMs)),
    usage: () => pool.usage(),
    close: () => pool.close(),
  };
}

let sharedSandbox: RenderSandbox | undefined;

/** The process's render workers, started on first use. */
export function sharedRenderSandbox(): RenderSandbox {
  sharedSandbox ??= createRenderSandbox();
  return sharedSandbox;
}
