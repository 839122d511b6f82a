import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { TemplateError } from './errors.js';
import { createTemplateFilters } from './filters.js';
import { includeApplies } from './include.js';
import type { RenderJob, RenderJobAnswer } from './render-job.js';
import { runRenderJob } from './render-job.js';
import { checkVariablesWith } from './variables.js';

// Node-only: renders run in a worker thread that is ended when a job passes its time limit, so a
// template that loops without end, or a schema pattern that backtracks, costs the limit and never
// the server's event loop.

export interface RenderSandboxOptions {
  /** Wall-clock limit of one job; @default 5000 */
  timeoutMs?: number;
}

export interface RenderSandbox {
  run(job: RenderJob): Promise<RenderJobAnswer>;
  /** Ends the worker; a later job starts a new one. */
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

function workerSource(): string {
  // tsx and vitest may wrap named functions in `__name(...)`; the worker has no such helper of its own.
  return `
const { parentPort, workerData } = require('node:worker_threads');
const __name = (target) => target;
const { Liquid } = require(workerData.liquidPath);
const { Ajv } = require(workerData.ajvPath);
const deps = {
  Liquid,
  Ajv,
  createTemplateFilters: ${createTemplateFilters.toString()},
  checkVariablesWith: ${checkVariablesWith.toString()},
  includeApplies: ${includeApplies.toString()},
};
const runRenderJob = ${runRenderJob.toString()};
parentPort.on('message', (job) => {
  let answer;
  try {
    answer = runRenderJob(deps, job);
  } catch (error) {
    answer = { ok: false, code: 'RENDER_FAILED', message: String((error && error.message) || error) };
  }
  parentPort.postMessage(answer);
});
`;
}

interface QueuedJob {
  job: RenderJob;
  resolve(answer: RenderJobAnswer): void;
  reject(error: Error): void;
}

/** One worker rendering jobs one at a time, replaced whenever a job overruns the time limit. */
export function createRenderSandbox(options: RenderSandboxOptions = {}): RenderSandbox {
  const timeoutMs = options.timeoutMs ?? 5000;
  const queue: QueuedJob[] = [];
  let worker: Worker | undefined;
  let online = false;
  let running: { queued: QueuedJob; timer: ReturnType<typeof setTimeout> } | undefined;

  const finish = (outcome: { answer: RenderJobAnswer } | { error: Error }) => {
    if (!running) return;
    const { queued, timer } = running;
    clearTimeout(timer);
    running = undefined;
    if ('answer' in outcome) queued.resolve(outcome.answer);
    else queued.reject(outcome.error);
    next();
  };

  const startWorker = () => {
    const started = new Worker(workerSource(), {
      eval: true,
      workerData: { liquidPath: resolveDependency('liquidjs'), ajvPath: resolveDependency('ajv') },
      // Ten megabytes of output and the strings behind it fit well inside this; a runaway does not.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    started.on('online', () => {
      online = true;
      next();
    });
    started.on('message', (answer: RenderJobAnswer) => finish({ answer }));
    started.on('error', (error) => {
      const outOfMemory = /out of memory|ERR_WORKER_OUT_OF_MEMORY/i.test(
        `${error.message} ${(error as { code?: string }).code}`,
      );
      finish({
        error: new TemplateError(
          outOfMemory ? 'OUTPUT_TOO_LARGE' : 'RENDER_FAILED',
          outOfMemory
            ? 'The template needed more memory than a render may use and was stopped.'
            : `The template renderer failed: ${error.message}`,
        ),
      });
    });
    started.on('exit', () => {
      if (worker !== started) return;
      worker = undefined;
      online = false;
      if (running)
        finish({ error: new TemplateError('RENDER_FAILED', 'The template renderer stopped unexpectedly.') });
    });
    worker = started;
    online = false;
  };

  const next = () => {
    if (running) return;
    if (queue.length === 0) {
      // An idle worker must not keep a process (a CLI, a test) alive; while work waits, it must.
      worker?.unref();
      return;
    }
    if (!worker) startWorker();
    worker?.ref();
    if (!online || !worker) return;
    const queued = queue.shift() as QueuedJob;
    const current = worker;
    const timer = setTimeout(() => {
      running = undefined;
      worker = undefined;
      online = false;
      void current.terminate();
      queued.reject(
        new TemplateError(
          'RENDER_TIMED_OUT',
          `Rendering "${queued.job.methodName}" did not finish within ${timeoutMs} ms and was stopped (a loop without end?).`,
        ),
      );
      next();
    }, timeoutMs);
    running = { queued, timer };
    current.postMessage(queued.job);
  };

  return {
    run: (job) =>
      new Promise<RenderJobAnswer>((resolve, reject) => {
        queue.push({ job, resolve, reject });
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

let sharedSandbox: RenderSandbox | undefined;

/** The process's one render worker, started on first use. */
export function sharedRenderSandbox(): RenderSandbox {
  sharedSandbox ??= createRenderSandbox();
  return sharedSandbox;
}
