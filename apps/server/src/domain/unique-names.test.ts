import { describe, expect, it } from 'vitest';
import { refuseTakenName, type UniqueNames, withNameGuard } from './unique-names';

const LABELS: UniqueNames = { code: 'LABEL_NAME_TAKEN', thing: 'label', scope: 'organization' };
const named = [
  { id: 'a', name: 'Bug' },
  { id: 'b', name: 'Feature' },
];

describe('unique names', () => {
  it('refuses a name another row has in any case, naming the row as it is spelled', async () => {
    await expect(async () => refuseTakenName(LABELS, named, 'bUG')).rejects.toMatchObject({
      code: 'LABEL_NAME_TAKEN',
      message: 'Another label in this organization is named "Bug".',
      details: [{ path: ['name'], message: 'is already a label of this organization' }],
    });
  });

  it('lets a row keep its own name and takes a new one', () => {
    expect(() => refuseTakenName(LABELS, named, 'BUG', 'a')).not.toThrow();
    expect(() => refuseTakenName(LABELS, named, 'Chore')).not.toThrow();
  });

  it("answers the unique index's refusal of a second writer like the check", async () => {
    const duplicate = Object.assign(new Error('duplicate key'), { code: '23505' });
    const raced = withNameGuard(LABELS, 'Bug', () => Promise.reject(duplicate));
    await expect(raced).rejects.toMatchObject({ code: 'LABEL_NAME_TAKEN' });
  });

  it('passes other failures, and a write that sets no name, through unchanged', async () => {
    const deadlock = Object.assign(new Error('deadlock'), { code: '40P01' });
    await expect(withNameGuard(LABELS, 'Bug', () => Promise.reject(deadlock))).rejects.toBe(deadlock);
    const duplicate = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(withNameGuard(LABELS, undefined, () => Promise.reject(duplicate))).rejects.toBe(duplicate);
    await expect(withNameGuard(LABELS, 'Bug', async () => 7)).resolves.toBe(7);
  });
});
