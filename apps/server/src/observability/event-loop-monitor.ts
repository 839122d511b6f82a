import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

// One thread answers every organization's requests, so a request that holds it delays all of them.
// This measures how late the event loop runs (perf_hooks samples a timer), keeps the figures of the
// last complete window for the health answer, and says so in the log when the delay stays high.

/** How late the event loop ran over one window, in milliseconds. */
export interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The window these figures cover. */
  windowMs: number;
}

export interface EventLoopMonitorOptions {
  /** How long one window of figures lasts; @default 5000 */
  windowMs?: number;
  /** A window whose p99 reaches this counts as high; @default 200 */
  warnP99Ms?: number;
  /** High windows in a row before the log says so (once, until it recovers); @default 2 */
  warnAfterWindows?: number;
  log?: { warn(line: string): void; info(line: string): void };
}

export interface EventLoopMonitor {
  /** The last complete window, or the one under way before any has completed. */
  delay(): EventLoopDelay;
  stop(): void;
}

/** The timer perf_hooks samples with; its own period is not delay, so it is taken off. */
const RESOLUTION_MS = 10;

function figuresOf(histogram: IntervalHistogram, windowMs: number): EventLoopDelay {
  const late = (nanoseconds: number) =>
    histogram.count === 0 ? 0 : Math.round(Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS) * 10) / 10;
  return {
    p50Ms: late(histogram.percentile(50)),
    p99Ms: late(histogram.percentile(99)),
    maxMs: late(histogram.max),
    windowMs,
  };
}

export function startEventLoopMonitor(options: EventLoopMonitorOptions = {}): EventLoopMonitor {
  const windowMs = options.windowMs ?? 5000;
  const warnP99Ms = options.warnP99Ms ?? 200;
  const warnAfterWindows = options.warnAfterWindows ?? 2;
  const log = options.log ?? console;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let windowStarted = performance.now();
  let last: EventLoopDelay | undefined;
  let highWindows = 0;
  let warned = false;

  const closeWindow = () => {
    const now = performance.now();
    const figures = figuresOf(histogram, Math.round(now - windowStarted));
    histogram.reset();
    windowStarted = now;
    last = figures;
    highWindows = figures.p99Ms >= warnP99Ms ? highWindows + 1 : 0;
    if (highWindows >= warnAfterWindows && !warned) {
      warned = true;
      log.warn(
        `[server] event loop delay is high: p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms over the last ${figures.windowMs} ms; every request waits this long`,
      );
    } else if (highWindows === 0 && warned) {
      warned = false;
      log.info(`[server] event loop delay is back to normal: p99 ${figures.p99Ms} ms`);
    }
  };
  const timer = setInterval(closeWindow, windowMs);
  // Measuring must never keep a process alive on its own.
  timer.unref();

  return {
    delay: () => last ?? figuresOf(histogram, Math.round(performance.now() - windowStarted)),
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

let processMonitor: EventLoopMonitor | undefined;

/** The process's monitor, started on first use: every server in a process shares one event loop. */
export function processEventLoopMonitor(): EventLoopMonitor {
  processMonitor ??= startEventLoopMonitor();
  return processMonitor;
}
