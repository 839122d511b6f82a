import { describe, expect, it } from 'vitest';
import { SignalListeners } from './bus';
import { type CallerVerdict, watchCaller } from './caller-watch';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(verdicts: CallerVerdict[]) {
  const signals = new SignalListeners();
  const bus = { onAccessChange: (listener: () => void) => signals.add(listener) };
  let checks = 0;
  let revoked = 0;
  const stop = watchCaller({
    bus,
    check: async () => verdicts[checks++] ?? 'allowed',
    onRevoked: () => revoked++,
    recheckMs: 60_000,
  });
  return { signals, stop, checks: () => checks, revoked: () => revoked };
}

describe('watchCaller', () => {
  it('checks the caller on an access change and ends the connection once when access is gone', async () => {
    const watch = setUp(['allowed', 'revoked']);
    watch.signals.notify();
    await settle();
    expect(watch.revoked()).toBe(0);
    watch.signals.notify();
    await settle();
    watch.signals.notify();
    await settle();
    expect(watch.revoked()).toBe(1);
    expect(watch.checks()).toBe(2);
  });

  it('never ends a connection on a failed lookup', async () => {
    const watch = setUp(['unknown']);
    watch.signals.notify();
    await settle();
    expect(watch.revoked()).toBe(0);
    watch.stop();
  });

  it('runs one more check for signals that arrive during a check, not one per signal', async () => {
    const watch = setUp([]);
    watch.signals.notify();
    watch.signals.notify();
    watch.signals.notify();
    await settle();
    await settle();
    expect(watch.checks()).toBe(2);
    watch.stop();
  });

  it('stops listening when stopped', async () => {
    const watch = setUp(['revoked']);
    watch.stop();
    watch.signals.notify();
    await settle();
    expect(watch.checks()).toBe(0);
  });
});
