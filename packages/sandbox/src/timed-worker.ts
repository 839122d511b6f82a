import { Worker } from 'node:worker_threads';
import { FairQueue } from './fair-queue.js';

// Node-only: jobs run in worker threads, each with a wall-clock limit. A job that passes its limit
// costs that limit and its worker (ended, and replaced when work waits), never the caller's event
// loop; with more than one worker, one stuck job does not hold up the jobs behind it.
//
// A server shares its pool between organizations, so jobs name their owner: owners take turns at
// free workers, no owner holds every worker, and an owner with too many jobs waiting is refused at
// once ('busy', with a time to retry) instead of making everyone else wait. A job whose caller has
// gone (its AbortSignal fired) is dropped while it waits and its worker ended while it runs.
//
// Memory is shared too: a job may say how many bytes it can hold at most (its output's limit), the
// pool reserves them while the job runs, and a job waits while the reservations already held would
// pass the pool's total. So the pool's memory follows its byte budget, not the number of callers.

/** Why a job did not answer. */
export type TimedWorkerFailure =
  /** It ran past the time limit; its worker was ended. */
  | 'timed-out'
  /** Its worker ran out of its heap and was stopped. */
  | 'out-of-memory'
  /** The handler threw (or its promise rejected); the message is the handler's. */
  | 'job-threw'
  /** The worker failed outside the handler: its source did not load, or it exited. */
  | 'worker-failed'
  /** `close()` was called before it answered. */
  | 'closed'
  /** Its owner already had as many jobs waiting as the pool lets one owner have; it never ran. */
  | 'busy'
  /** Its signal fired: dropped while it waited, or its worker ended while it ran. */
  | 'aborted';

export class TimedWorkerError extends Error {
  readonly reason: TimedWorkerFailure;
  /** For 'busy': when the owner may try again, in milliseconds (one job's time limit). */
  readonly retryAfterMs: number | undefined;

  constructor(reason: TimedWorkerFailure, message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'TimedWorkerError';
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
  }
}

export function isTimedWorkerError(error: unknown): error is TimedWorkerError {
  return error instanceof TimedWorkerError;
}

export interface TimedWorkerPoolOptions {
  /**
   * JavaScript source of an expression whose value is the handler, `(job) => answer` (an answer or a
   * promise of one), evaluated once in each worker as CommonJS: it may call `require` and read
   * `workerData`. Source text rather than a file, so it survives bundling; a function's own
   * `toString()` serves when the function names nothing outside itself. Jobs and answers cross a
   * thread boundary, so both must be plain (structured-clone) data.
   */
  handlerSource: string;
  /** Given to every worker as `workerData`. */
  workerData?: unknown;
  /** Wall-clock limit of one job, counted from when a worker takes it. */
  timeoutMs: number;
  /** Most workers at once; @default 2 */
  workers?: number;
  /** Heap one worker may grow to before it is stopped, in megabytes; @default 256 */
  memoryMb?: number;
  /**
   * Most jobs of one owner running at once; @default one less than `workers` (at least one), so an
   * owner never holds every worker. Jobs without an owner are bounded by `workers` only.
   */
  runningPerOwner?: number;
  /** Most jobs of one owner waiting for a worker; the next one is refused as 'busy'; @default 8 */
  waitingPerOwner?: number;
  /**
   * Most bytes the running jobs may hold at once, by what each reserves (`RunOptions.bytes`); a job
   * that would pass it waits for a reservation to be released. A job alone always runs, whatever it
   * reserves. @default no limit
   */
  heldBytesLimit?: number;
}

export interface RunOptions {
  /**
   * Whose job this is (a server passes the organization): owners take turns, and each is held to
   * its running and waiting share. Without one, the job is bounded by the pool's size only.
   */
  owner?: string;
  /** The caller going away: the job is dropped while it waits and its worker ended while it runs. */
  signal?: AbortSignal;
  /** Most bytes the job can hold while it runs (its input and output limits): reserved until it answers. */
  bytes?: number;
}

/** What a pool holds now, and the most it has held. */
export interface TimedWorkerPoolUsage {
  /** Workers started or starting. */
  workers: number;
  running: number;
  waiting: number;
  /** Bytes reserved by the jobs running now. */
  heldBytes: number;
  /** The most bytes reserved at once since the pool was made. */
  peakHeldBytes: number;
  heldBytesLimit: number;
}

export interface TimedWorkerPool<Job, Answer> {
  /** Queues a job; it rejects with a TimedWorkerError when the job does not answer. */
  run(job: Job, options?: RunOptions): Promise<Answer>;
  /** Ends every worker and rejects the jobs still waiting or running; a later job starts anew. */
  close(): Promise<void>;
  usage(): TimedWorkerPoolUsage;
}

type Reply<Answer> = { ready: true } | { answer: Answer } | { error: string };

interface Queued<Job, Answer> {
  job: Job;
  owner: string;
  bytes: number;
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

interface Slot<Job, Answer> {
  worker: Worker;
  /** Its handler has loaded: a job's time limit counts the job alone, never the worker's start-up. */
  ready: boolean;
  current?: { queued: Queued<Job, Answer>; timer: ReturnType<typeof setTimeout> };
}

/**
 * Lower than the event loop it serves (about a tenth of its share of a contended core), not the
 * lowest: at 19 a render would all but stop whenever anything else on the machine is busy.
 */
const WORKER_NICENESS = 10;

/** The owner of jobs that name none: held to the pool's size only. */
const NO_OWNER = '';

function workerSource(handlerSource: string): string {
  // tsx and vitest may wrap named functions in `__name(...)`; a worker has no such helper of its own.
  // On Linux a thread has its own nice value: untrusted work gives way to the thread that answers
  // requests whenever the two want the same core. Elsewhere the worker runs at normal priority.
  return `
const { parentPort, workerData } = require('node:worker_threads');
try {
  const thread = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (thread > 0) require('node:os').setPriority(thread, ${WORKER_NICENESS});
} catch {}
const __name = (target) => target;
const handle = (${handlerSource});
parentPort.postMessage({ ready: true });
parentPort.on('message', (job) => {
  Promise.resolve()
    .then(() => handle(job))
    .then(
      (answer) => parentPort.postMessage({ answer }),
      (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
    );
});
`;
}

function failureOf(error: Error): TimedWorkerError {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(error.message))
    return new TimedWorkerError('out-of-memory', 'The job needed more memory than a worker may use.');
  return new TimedWorkerError('worker-failed', error.message);
}

const abortedError = () =>
  new TimedWorkerError('aborted', 'The job was cancelled (its caller went away) before it answered.');

/** A queue of jobs served by up to `workers` threads; a worker is started when work waits for one. */
export function createTimedWorkerPool<Job, Answer>(
  options: TimedWorkerPoolOptions,
): TimedWorkerPool<Job, Answer> {
  const pool = new WorkerPool<Job, Answer>(options);
  return {
    run: (job, runOptions) => pool.run(job, runOptions),
    usage: () => pool.usage(),
    close: () => pool.close(),
  };
}

/** The pool's state and what changes it: jobs queue, take workers in turns, and settle. */
class WorkerPool<Job, Answer> {
  private readonly size: number;
  private readonly runningPerOwner: number;
  private readonly waitingPerOwner: number;
  private readonly source: string;
  private readonly queue: FairQueue<Queued<Job, Answer>>;
  private readonly slots = new Set<Slot<Job, Answer>>();
  private readonly heldBytesLimit: number;
  private heldBytes = 0;
  private peakHeldBytes = 0;

  constructor(private readonly options: TimedWorkerPoolOptions) {
    this.size = Math.max(1, options.workers ?? 2);
    this.runningPerOwner = Math.max(1, options.runningPerOwner ?? this.size - 1);
    this.waitingPerOwner = Math.max(1, options.waitingPerOwner ?? 8);
    this.source = workerSource(options.handlerSource);
    this.queue = new FairQueue<Queued<Job, Answer>>((owner) =>
      owner === NO_OWNER ? this.size : this.runningPerOwner,
    );
    this.heldBytesLimit = options.heldBytesLimit ?? Number.POSITIVE_INFINITY;
  }

  run(job: Job, runOptions: RunOptions = {}): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const { signal } = runOptions;
      const owner = runOptions.owner ?? NO_OWNER;
      if (signal?.aborted) return reject(abortedError());
      if (owner !== NO_OWNER && this.queue.waitingOf(owner) >= this.waitingPerOwner) {
        return reject(
          new TimedWorkerError(
            'busy',
            `${this.queue.waitingOf(owner)} jobs of this owner already wait for a worker.`,
            this.options.timeoutMs,
          ),
        );
      }
      const onAbort = () => this.abandon(queued);
      const done = () => signal?.removeEventListener('abort', onAbort);
      const queued: Queued<Job, Answer> = {
        job,
        owner,
        bytes: Math.max(0, runOptions.bytes ?? 0),
        resolve: (answer) => {
          done();
          resolve(answer);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(owner, queued);
      this.pump();
    });
  }

  usage(): TimedWorkerPoolUsage {
    return {
      workers: this.slots.size,
      running: [...this.slots].filter((slot) => slot.current).length,
      waiting: this.queue.size,
      heldBytes: this.heldBytes,
      peakHeldBytes: this.peakHeldBytes,
      heldBytesLimit: this.heldBytesLimit,
    };
  }

  async close(): Promise<void> {
    const closing = [...this.slots];
    this.slots.clear();
    const closed = new TimedWorkerError('closed', 'The worker pool was closed before the job answered.');
    for (const slot of closing) this.settle(slot, { error: closed });
    for (const queued of this.queue.drain()) queued.reject(closed);
    await Promise.all(closing.map((slot) => slot.worker.terminate()));
  }

  /** Whether a job's bytes fit beside those held now; a job alone always fits. */
  private fits(queued: Queued<Job, Answer>): boolean {
    return this.heldBytes === 0 || this.heldBytes + queued.bytes <= this.heldBytesLimit;
  }

  private settle(slot: Slot<Job, Answer>, outcome: { answer: Answer } | { error: Error }): void {
    const current = slot.current;
    if (!current) return;
    clearTimeout(current.timer);
    slot.current = undefined;
    this.heldBytes -= current.queued.bytes;
    this.queue.finished(current.queued.owner);
    if ('answer' in outcome) current.queued.resolve(outcome.answer);
    else current.queued.reject(outcome.error);
  }

  /** Takes a worker out of the pool for good; its events are ignored from here on. */
  private retire(slot: Slot<Job, Answer>): void {
    this.slots.delete(slot);
    void slot.worker.terminate();
  }

  private start(): void {
    const worker = new Worker(this.source, {
      eval: true,
      workerData: this.options.workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb ?? 256 },
    });
    const slot: Slot<Job, Answer> = { worker, ready: false };
    this.slots.add(slot);
    worker.on('message', (reply: Reply<Answer>) => this.replied(slot, reply));
    worker.on('error', (error) => this.failed(slot, error));
    worker.on('exit', () => {
      if (!this.slots.has(slot)) return;
      this.slots.delete(slot);
      this.settle(slot, { error: new TimedWorkerError('worker-failed', 'The worker stopped unexpectedly.') });
      this.pump();
    });
  }

  private replied(slot: Slot<Job, Answer>, reply: Reply<Answer>): void {
    // Loading the handler takes seconds on a busy machine; a job's clock starts after it.
    if ('ready' in reply) {
      slot.ready = true;
      this.pump();
      return;
    }
    this.settle(
      slot,
      'answer' in reply
        ? { answer: reply.answer }
        : { error: new TimedWorkerError('job-threw', reply.error) },
    );
    this.pump();
  }

  private failed(slot: Slot<Job, Answer>, error: Error): void {
    if (!this.slots.has(slot)) return;
    this.retire(slot);
    const failure = failureOf(error);
    if (slot.current) this.settle(slot, { error: failure });
    // Failing with no job in hand means the handler itself does not load; every new worker would
    // fail the same way, so the waiting jobs are refused instead of starting workers without end.
    else for (const queued of this.queue.drain()) queued.reject(failure);
    this.pump();
  }

  private dispatch(slot: Slot<Job, Answer>, queued: Queued<Job, Answer>): void {
    const timer = setTimeout(() => {
      this.retire(slot);
      this.settle(slot, {
        error: new TimedWorkerError(
          'timed-out',
          `The job did not finish within ${this.options.timeoutMs} ms and was stopped.`,
        ),
      });
      this.pump();
    }, this.options.timeoutMs);
    slot.current = { queued, timer };
    this.heldBytes += queued.bytes;
    this.peakHeldBytes = Math.max(this.peakHeldBytes, this.heldBytes);
    slot.worker.postMessage(queued.job);
  }

  private pump(): void {
    for (;;) {
      const all = [...this.slots];
      const idle = all.find((slot) => slot.ready && !slot.current);
      if (idle) {
        const next = this.queue.take((queued) => this.fits(queued));
        if (!next) break;
        this.dispatch(idle, next.item);
        continue;
      }
      const starting = all.filter((slot) => !slot.ready).length;
      if (this.slots.size >= this.size || starting >= this.queue.startable()) break;
      this.start();
    }
    // One worker is kept ready beside running work, so another owner's job never waits for a worker
    // to start (loading a handler takes long on a busy machine) while the first owner's jobs run.
    const busy = [...this.slots].filter((slot) => slot.current).length;
    if (busy > 0 && busy === this.slots.size && this.slots.size < this.size) this.start();
    // An idle worker must not keep a process (a CLI, a test run) alive; a busy or awaited one must.
    for (const slot of this.slots) {
      if (slot.current || (!slot.ready && this.queue.size > 0)) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  /** The caller went away: drop the job if it waits, end its worker if it runs. */
  private abandon(queued: Queued<Job, Answer>): void {
    if (this.queue.remove(queued.owner, queued)) {
      queued.reject(abortedError());
      return;
    }
    const slot = [...this.slots].find((candidate) => candidate.current?.queued === queued);
    if (!slot) return;
    this.retire(slot);
    this.settle(slot, { error: abortedError() });
    this.pump();
  }
}
