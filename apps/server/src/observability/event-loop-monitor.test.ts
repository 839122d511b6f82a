import { afterEach, describe, expect, it } from 'vitest';
import { type EventLoopMonitor, startEventLoopMonitor } from './event-loop-monitor';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds the thread, as a parse or a match on the main thread would. The event loop cannot tell a
 * thread that computes from one that waits; waiting leaves the processor to the rest of the suite.
 */
function block(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

let monitor: EventLoopMonitor | undefined;
afterEach(() => monitor?.stop());

describe('the event-loop monitor', () => {
  it('reports a held thread in its figures, warns once while it stays held, and says when it recovers', async () => {
    const lines: string[] = [];
    monitor = startEventLoopMonitor({
      windowMs: 250,
      warnP99Ms: 150,
      warnAfterWindows: 2,
      log: { warn: (line) => lines.push(`warn ${line}`), info: (line) => lines.push(`info ${line}`) },
    });
    for (let round = 0; round < 4; round++) {
      await sleep(50);
      block(400);
    }
    await sleep(50);
    expect(monitor.delay().p99Ms).toBeGreaterThanOrEqual(150);
    expect(monitor.delay().maxMs).toBeGreaterThanOrEqual(monitor.delay().p99Ms);
    expect(lines.filter((line) => line.startsWith('warn'))).toHaveLength(1);
    expect(lines[0]).toMatch(/^warn \[server\] event loop delay is high: p99 \d+(\.\d)? ms/);

    // Quiet windows: the figures fall and the log says so.
    await expect
      .poll(() => lines.at(-1), { timeout: 10_000, interval: 100 })
      .toMatch(/^info \[server\] event loop delay is back to normal/);
    expect(monitor.delay().p99Ms).toBeLessThan(150);
  });

  it('answers the window under way before its first one has ended', async () => {
    monitor = startEventLoopMonitor({ windowMs: 60_000 });
    await sleep(50);
    block(300);
    await sleep(50);
    const figures = monitor.delay();
    expect(figures.maxMs).toBeGreaterThanOrEqual(250);
    expect(figures.windowMs).toBeLessThan(60_000);
  });
});
