import { describe, expect, it } from 'vitest';
import { keyMentions, taskNumbersIn } from './task-keys';

describe('task keys in branch names, titles and commit messages', () => {
  it('finds a key in any case, wherever it stands', () => {
    expect(taskNumbersIn('GTE', 'gte-4-add-login')).toEqual([4]);
    expect(taskNumbersIn('GTE', 'feature/GTE-12_fix')).toEqual([12]);
    expect(taskNumbersIn('GTE', 'Fix login (Gte-7, GTE-8) and gte-7 again')).toEqual([7, 8]);
  });

  it('never inside a longer word or number, and never another project', () => {
    expect(taskNumbersIn('GTE', 'xgte-4')).toEqual([]);
    expect(taskNumbersIn('GTE', 'GTE-41')).toEqual([41]);
    expect(taskNumbersIn('GTE', 'GTEX-4 and AGTE-4')).toEqual([]);
    expect(taskNumbersIn('GTE', 'GTE-WU-3 is a work unit')).toEqual([]);
  });

  it('names the first text each key was found in', () => {
    expect(
      keyMentions('GTE', [
        { text: 'gte-4-login', foundIn: 'branch gte-4-login' },
        { text: 'GTE-4 and GTE-5', foundIn: 'title' },
      ]),
    ).toEqual([
      { number: 4, foundIn: 'branch gte-4-login' },
      { number: 5, foundIn: 'title' },
    ]);
  });
});
