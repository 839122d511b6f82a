import { describe, expect, it } from 'vitest';
import { databaseLiveness } from './database-liveness';

/** A ping the test answers, counting how often it was asked. */
function controlledPing() {
  const pending: Array<(answered: boolean) => void> = [];
  return {
    ping: () => new Promise<boolean>((resolve) => pending.push(resolve)),
    get asked() {
      return pending.length;
    },
    answer: (answered: boolean) => pending.at(-1)?.(answered),
  };
}

/** Lets the answered ping's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the database liveness health answers from', () => {
  it('waits for a first ping, then answers from it while it is fresh', async () => {
    const database = controlledPing();
    let clock = 0;
    const answers = databaseLiveness(database.ping, { freshMs: 1000, now: () => clock });
    const first = answers();
    expect(database.asked).toBe(1);
    database.answer(true);
    expect(await first).toBe(true);
    clock = 400;
    expect(await answers()).toBe(true);
    expect(database.asked).toBe(1);
  });

  it('asks again in the background once half stale, and waits once stale', async () => {
    const database = controlledPing();
    let clock = 0;
    const answers = databaseLiveness(database.ping, { freshMs: 1000, now: () => clock });
    const first = answers();
    database.answer(true);
    await first;
    clock = 600;
    expect(await answers()).toBe(true);
    expect(database.asked).toBe(2);
    // The background ping never comes back: once the last success is stale, health waits for it.
    clock = 1200;
    let settled = false;
    const waiting = answers().then((answered) => {
      settled = true;
      return answered;
    });
    await settle();
    expect(settled).toBe(false);
    expect(database.asked).toBe(2);
    database.answer(true);
    expect(await waiting).toBe(true);
  });

  it('reports a failed ping at once, and keeps asking until one succeeds', async () => {
    const database = controlledPing();
    let clock = 0;
    const answers = databaseLiveness(database.ping, { freshMs: 1000, now: () => clock });
    const first = answers();
    database.answer(true);
    await first;
    clock = 600;
    await answers();
    database.answer(false);
    await settle();
    clock = 601;
    const afterFailure = answers();
    expect(database.asked).toBe(3);
    database.answer(false);
    expect(await afterFailure).toBe(false);
    const recovered = answers();
    database.answer(true);
    expect(await recovered).toBe(true);
  });

  it('counts a ping that throws as the database not answering', async () => {
    const answers = databaseLiveness(() => Promise.reject(new Error('closed')));
    expect(await answers()).toBe(false);
  });
});
