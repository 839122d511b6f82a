import { describe, expect, it } from 'vitest';
import { DatabaseTurns } from './turns';
import { currentWorkOwner, runAsWorkOwner, SERVER_WORK, workForOrganization } from './work-owner';

/** Work that records its name and the owner it ran as, then waits for `release`. */
function recorder() {
  const ran: string[] = [];
  const waiting: Array<() => void> = [];
  const item = (turns: DatabaseTurns, owner: string, name: string) =>
    runAsWorkOwner(owner, () =>
      turns.run(
        () =>
          new Promise<string>((resolve) => {
            ran.push(`${name} as ${currentWorkOwner()}`);
            waiting.push(() => resolve(name));
          }),
      ),
    );
  /** Lets the item under way finish and the next one start. */
  const release = async () => {
    waiting.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { ran, item, release };
}

describe('the embedded database taken in turns', () => {
  it("lets one item in at a time, and another owner's item in before the rest of a busy owner's line", async () => {
    const turns = new DatabaseTurns();
    const { ran, item, release } = recorder();
    const answers = [
      item(turns, 'a', 'a1'),
      item(turns, 'a', 'a2'),
      item(turns, 'a', 'a3'),
      item(turns, 'a', 'a4'),
      item(turns, 'b', 'b1'),
    ];
    expect(ran).toEqual(['a1 as a']);
    expect(turns.waiting).toBe(4);
    for (let step = 0; step < 5; step++) await release();
    expect(await Promise.all(answers)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
    // b1 waited for the item under way and the one of a's that was already in line before it came,
    // not for all of a's.
    expect(ran).toEqual(['a1 as a', 'a2 as a', 'b1 as b', 'a3 as a', 'a4 as a']);
  });

  it('passes on what the work answers or throws, and goes on with the next item either way', async () => {
    const turns = new DatabaseTurns();
    const failed = turns.run(() => Promise.reject(new Error('no such table')));
    const answered = turns.run(async () => 42);
    await expect(failed).rejects.toThrow('no such table');
    await expect(answered).resolves.toBe(42);
  });

  it("counts work as its request's organization once that is known, and as the server's outside requests", async () => {
    const turns = new DatabaseTurns();
    const { ran, item, release } = recorder();
    expect(currentWorkOwner()).toBe(SERVER_WORK);
    const request = runAsWorkOwner('session:abc', async () => {
      await item(turns, currentWorkOwner(), 'lookup').then(() => workForOrganization('org-1'));
      return turns.run(async () => currentWorkOwner());
    });
    await release();
    expect(await request).toBe('organization:org-1');
    expect(ran).toEqual(['lookup as session:abc']);
  });
});
