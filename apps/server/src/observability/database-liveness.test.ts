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

/** The answer, or 'waiting' when it needs a timer to come. */
const answeredBeforeAnyTimer = (answer: Promise<boolean>) =>
  Promise.race([answer, settle().then(() => 'waiting' as const)]);

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
    // Once the next background ping has been out past the bound with no answer, health says so at once.
    clock = 1800;
    expect(await answers()).toBe(true);
    expect(database.asked).toBe(3);
    clock = 3000;
    expect(await answeredBeforeAnyTimer(answers())).toBe(false);
    expect(database.asked).toBe(4);
  });

  it('reports a failed ping, then says so at once until a new ping succeeds', async () => {
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
    expect(await answeredBeforeAnyTimer(answers())).toBe(false);
    expect(database.asked).toBe(3);
    database.answer(true);
    await settle();
    expect(await answeredBeforeAnyTimer(answers())).toBe(true);
  });

  it('never waits on a ping that does not come back, and keeps asking', async () => {
    const database = controlledPing();
    let clock = 0;
    const answers = databaseLiveness(database.ping, { freshMs: 20, now: () => clock });
    // The first ping hangs: health gives up on it once it has been out as long as a success counts.
    const first = answers();
    clock = 5;
    expect(await first).toBe(false);
    // Out longer than that, it is not waited on at all: a new ping goes out in its stead.
    clock = 25;
    expect(await answeredBeforeAnyTimer(answers())).toBe(false);
    expect(database.asked).toBe(2);
    // While that one is out too, health still answers at once and asks no more.
    clock = 30;
    expect(await answeredBeforeAnyTimer(answers())).toBe(false);
    expect(database.asked).toBe(2);
    database.answer(true);
    await settle();
    expect(await answeredBeforeAnyTimer(answers())).toBe(true);
  });

  it('counts a ping that throws as the database not answering', async () => {
    const answers = databaseLiveness(() => Promise.reject(new Error('closed')));
    expect(await answers()).toBe(false);
  });
});
