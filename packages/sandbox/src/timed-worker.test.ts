import { afterAll, describe, expect, it } from 'vitest';
import { createTimedWorkerPool, type TimedWorkerError, type TimedWorkerPool } from './timed-worker.js';

/**
 * A job the test handler understands: answer at once, throw, spin forever, or block its thread for
 * a while, forever, or until the test opens a gate. Only `forever` spins: one test proves a job busy
 * on the processor is stopped; the others need a job that holds its worker, and a blocked thread
 * holds it as surely without spending the processor the rest of the suite shares.
 */
type Job =
  | { kind: 'echo'; value: string }
  | { kind: 'throw' }
  | { kind: 'forever' }
  | { kind: 'sleep'; ms: number }
  | { kind: 'stuck' }
  | { kind: 'gate'; gate: Int32Array };

function handle(job: Job): string {
  if (job.kind === 'echo') return job.value;
  if (job.kind === 'throw') throw new Error('the handler refused');
  if (job.kind === 'forever') {
    for (;;) {
      // Busy on purpose: only ending the thread stops it.
    }
  }
  // Blocks the thread (no event loop runs, as in a synchronous job) without spending the processor.
  if (job.kind === 'gate') Atomics.wait(job.gate, 0, 0);
  else
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, job.kind === 'sleep' ? job.ms : undefined);
  return 'slept';
}

/** A gate a `gate` job blocks on until the test opens it; it crosses to the worker shared, not copied. */
function closedGate() {
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const open = () => {
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
  };
  return { gate, open };
}

const pools: TimedWorkerPool<Job, string>[] = [];
function pool(options: { timeoutMs: number; workers?: number; handlerSource?: string }) {
  const created = createTimedWorkerPool<Job, string>({ handlerSource: handle.toString(), ...options });
  pools.push(created);
  return created;
}
afterAll(() => Promise.all(pools.map((created) => created.close())));

/** Waits for a condition the pool reaches on its own; the test's time limit catches one never reached. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: TimedWorkerError) => error.reason,
  );

describe('a timed worker pool', () => {
  it('answers jobs with what the handler returns, and reports a handler that throws', async () => {
    const workers = pool({ timeoutMs: 2000 });
    await expect(workers.run({ kind: 'echo', value: 'hello' })).resolves.toBe('hello');
    await expect(workers.run({ kind: 'throw' })).rejects.toMatchObject({
      name: 'TimedWorkerError',
      reason: 'job-threw',
      message: 'the handler refused',
    });
    await expect(workers.run({ kind: 'echo', value: 'still here' })).resolves.toBe('still here');
  });

  it('awaits a handler that answers with a promise', async () => {
    const workers = pool({
      timeoutMs: 2000,
      handlerSource: "(job) => new Promise((resolve) => setTimeout(() => resolve('later ' + job.value), 20))",
    });
    await expect(workers.run({ kind: 'echo', value: 'x' })).resolves.toBe('later x');
  });

  it('starts a job’s clock once its worker has loaded the handler, however long loading took', async () => {
    // Loading takes three times the limit, as a big handler does on a busy machine.
    const workers = pool({
      timeoutMs: 500,
      handlerSource: `(() => {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);
        return (job) => job.value;
      })()`,
    });
    await expect(workers.run({ kind: 'echo', value: 'loaded' })).resolves.toBe('loaded');
  });

  it('stops a job at the time limit and serves the next one from a new worker', async () => {
    const workers = pool({ timeoutMs: 300, workers: 1 });
    const started = performance.now();
    await expect(reasonOf(workers.run({ kind: 'forever' }))).resolves.toBe('timed-out');
    expect(performance.now() - started).toBeLessThan(3000);
    await expect(workers.run({ kind: 'echo', value: 'after' })).resolves.toBe('after');
  });

  it('with one worker, runs queued jobs in order, each with its own time limit', async () => {
    const workers = pool({ timeoutMs: 300, workers: 1 });
    const answers = await Promise.all([
      reasonOf(workers.run({ kind: 'echo', value: 'a' })),
      reasonOf(workers.run({ kind: 'stuck' })),
      workers.run({ kind: 'echo', value: 'c' }),
    ]);
    expect(answers).toEqual(['answered', 'timed-out', 'c']);
  });

  it('with two workers, a quick job passes a stuck one and finishes first', async () => {
    // Long enough for the second worker to start on a busy machine; with one worker the stuck job
    // would still be first to finish, at this limit.
    const workers = pool({ timeoutMs: 3000, workers: 2 });
    const finished: string[] = [];
    const stuck = reasonOf(workers.run({ kind: 'stuck' })).then((reason) => {
      finished.push(`stuck ${reason}`);
    });
    const quick = workers.run({ kind: 'echo', value: 'quick' }).then((answer) => {
      finished.push(answer);
    });
    await Promise.all([stuck, quick]);
    expect(finished).toEqual(['quick', 'stuck timed-out']);
  });

  it('keeps a worker ready beside a running job, for the next job of anyone', async () => {
    const workers = pool({ timeoutMs: 10_000, workers: 2 });
    const { gate, open } = closedGate();
    const running = workers.run({ kind: 'gate', gate }, { owner: 'busy' });
    await until(() => workers.usage().running === 1);
    // Nothing else was asked for, yet a second worker is started while the first is busy.
    await until(() => workers.usage().workers === 2);
    open();
    await expect(running).resolves.toBe('slept');
    expect(workers.usage().workers).toBe(2);
  });

  it('runs no more jobs at once than it has workers', async () => {
    const workers = pool({ timeoutMs: 5000, workers: 2 });
    const started = performance.now();
    await Promise.all([1, 2, 3, 4].map(() => workers.run({ kind: 'sleep', ms: 200 })));
    // Four 200 ms jobs on two threads take two rounds; on four threads they would take one.
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('refuses waiting jobs when the handler source cannot load, instead of restarting without end', async () => {
    const workers = pool({ timeoutMs: 2000, handlerSource: "require('no-such-module-here')" });
    const reasons = await Promise.all([
      reasonOf(workers.run({ kind: 'throw' })),
      reasonOf(workers.run({ kind: 'throw' })),
    ]);
    expect(reasons).toEqual(['worker-failed', 'worker-failed']);
  });

  it('stops a worker that outgrows its heap', async () => {
    const workers = createTimedWorkerPool<Job, string>({
      timeoutMs: 20_000,
      memoryMb: 16,
      handlerSource: '() => { const kept = []; for (;;) kept.push(new Array(100000).fill(kept.length)); }',
    });
    pools.push(workers);
    await expect(reasonOf(workers.run({ kind: 'echo', value: '' }))).resolves.toBe('out-of-memory');
  }, 30_000);

  it.runIf(process.platform === 'linux')(
    'runs its workers at a lower priority, so they give way to the caller',
    async () => {
      const workers = pool({
        timeoutMs: 5000,
        // Field 19 of a thread's stat line is its nice value.
        handlerSource:
          "() => require('node:fs').readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[18]",
      });
      await expect(workers.run({ kind: 'echo', value: '' })).resolves.toBe('10');
    },
  );

  it('on close, rejects running and waiting jobs, and a later job starts a new worker', async () => {
    const workers = pool({ timeoutMs: 5000, workers: 1 });
    const running = reasonOf(workers.run({ kind: 'stuck' }));
    const waiting = reasonOf(workers.run({ kind: 'echo', value: 'never' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await workers.close();
    await expect(Promise.all([running, waiting])).resolves.toEqual(['closed', 'closed']);
    await expect(workers.run({ kind: 'echo', value: 'again' })).resolves.toBe('again');
  });
});

/** Counts in its worker the jobs it ran, so a test can tell a dropped job from one that ran. */
const countingHandler = `(() => {
  let ran = 0;
  return (job) => {
    if (job.kind === 'count') return String(ran);
    ran++;
    if (job.kind === 'sleep') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, job.ms);
    return 'ran';
  };
})()`;

describe('a timed worker pool shared by owners', () => {
  it('never lets one owner hold every worker: another owner passes its stuck jobs', async () => {
    const workers = pool({ timeoutMs: 1500, workers: 2 });
    const finished: string[] = [];
    const stuck = [1, 2].map((n) =>
      reasonOf(workers.run({ kind: 'stuck' }, { owner: 'greedy' })).then((reason) => {
        finished.push(`greedy ${n} ${reason}`);
      }),
    );
    const quick = workers.run({ kind: 'echo', value: 'quick' }, { owner: 'neighbour' }).then((answer) => {
      finished.push(`neighbour ${answer}`);
    });
    await Promise.all([...stuck, quick]);
    // One worker was left for the neighbour, so the greedy owner's jobs ran one after the other.
    expect(finished).toEqual(['neighbour quick', 'greedy 1 timed-out', 'greedy 2 timed-out']);
  });

  it("refuses an owner's job past its waiting share as busy, with a time to retry, and queues others'", async () => {
    const workers = createTimedWorkerPool<Job, string>({
      handlerSource: handle.toString(),
      timeoutMs: 800,
      workers: 1,
      waitingPerOwner: 2,
    });
    pools.push(workers);
    // Both wait at first: the worker is still starting.
    const accepted = [
      workers.run({ kind: 'sleep', ms: 100 }, { owner: 'greedy' }),
      workers.run({ kind: 'echo', value: 'second' }, { owner: 'greedy' }),
    ];
    const refused = workers.run({ kind: 'echo', value: 'third' }, { owner: 'greedy' });
    await expect(refused).rejects.toMatchObject({ reason: 'busy', retryAfterMs: 800 });
    const neighbour = workers.run({ kind: 'echo', value: 'neighbour' }, { owner: 'neighbour' });
    await expect(Promise.all([...accepted, neighbour])).resolves.toEqual(['slept', 'second', 'neighbour']);
    // Once its jobs have run, the owner has its share again.
    await expect(workers.run({ kind: 'echo', value: 'later' }, { owner: 'greedy' })).resolves.toBe('later');
  });

  it('drops a waiting job whose signal fires: it is rejected at once and never runs', async () => {
    const workers = pool({ timeoutMs: 5000, workers: 1, handlerSource: countingHandler });
    const first = workers.run({ kind: 'sleep', ms: 300 });
    const caller = new AbortController();
    const dropped = reasonOf(workers.run({ kind: 'echo', value: 'never' }, { signal: caller.signal }));
    caller.abort();
    await expect(dropped).resolves.toBe('aborted');
    await expect(first).resolves.toBe('ran');
    await expect(workers.run({ kind: 'count' } as unknown as Job)).resolves.toBe('1');
  });

  it('ends the worker of a running job whose signal fires, and serves the next job from a new one', async () => {
    const workers = pool({ timeoutMs: 60_000, workers: 1 });
    const caller = new AbortController();
    const running = reasonOf(workers.run({ kind: 'stuck' }, { signal: caller.signal }));
    const next = workers.run({ kind: 'echo', value: 'next' });
    setTimeout(() => caller.abort(), 100);
    // Far below the time limit: only the abort can have ended it.
    await expect(running).resolves.toBe('aborted');
    await expect(next).resolves.toBe('next');
  });

  it('refuses a job whose signal has already fired without queueing it', async () => {
    const workers = pool({ timeoutMs: 5000, workers: 1, handlerSource: countingHandler });
    await expect(
      reasonOf(workers.run({ kind: 'sleep', ms: 1 }, { signal: AbortSignal.abort() })),
    ).resolves.toBe('aborted');
    await expect(workers.run({ kind: 'count' } as unknown as Job)).resolves.toBe('0');
  });
});

describe('a timed worker pool with a byte budget', () => {
  const budgeted = (heldBytesLimit: number) => {
    const created = createTimedWorkerPool<Job, string>({
      handlerSource: handle.toString(),
      timeoutMs: 5000,
      workers: 2,
      heldBytesLimit,
    });
    pools.push(created);
    return created;
  };

  it('holds a job back while the reservations running would pass the budget, and runs it after', async () => {
    const workers = budgeted(100);
    const finished: string[] = [];
    const big = workers.run({ kind: 'sleep', ms: 300 }, { owner: 'a', bytes: 60 }).then(() => {
      finished.push('a');
    });
    // A worker is free for it, but 60 + 60 bytes would pass the budget of 100.
    const other = workers.run({ kind: 'echo', value: 'b' }, { owner: 'b', bytes: 60 }).then(() => {
      finished.push('b');
    });
    await Promise.all([big, other]);
    expect(finished).toEqual(['a', 'b']);
    expect(workers.usage()).toMatchObject({ heldBytes: 0, peakHeldBytes: 60, heldBytesLimit: 100 });
  });

  it('runs jobs side by side while their reservations fit, and releases what a failed job held', async () => {
    const workers = budgeted(100);
    const answers = await Promise.all([
      reasonOf(workers.run({ kind: 'throw' }, { owner: 'a', bytes: 40 })),
      workers.run({ kind: 'sleep', ms: 200 }, { owner: 'b', bytes: 50 }),
    ]);
    expect(answers).toEqual(['job-threw', 'slept']);
    expect(workers.usage().heldBytes).toBe(0);
    expect(workers.usage().peakHeldBytes).toBeLessThanOrEqual(90);
  });

  it('runs a job reserving more than the whole budget when it runs alone', async () => {
    const workers = budgeted(10);
    await expect(workers.run({ kind: 'echo', value: 'alone' }, { bytes: 1000 })).resolves.toBe('alone');
    expect(workers.usage()).toMatchObject({ heldBytes: 0, peakHeldBytes: 1000 });
  });
});
