import { describe, expect, it } from 'vitest';
import { findingsReplaced } from './finding-replacement';

const noLog = { pattern: 'base', type: 'must_not_do', rule: 'No console.log' };
const noDriver = { pattern: 'routes', type: 'must_not_do', rule: 'No database driver' };

describe('findingsReplaced', () => {
  const open = [
    { id: 'log-3', ...noLog, line: 3 },
    { id: 'log-9', ...noLog, line: 9 },
    { id: 'driver-1', ...noDriver, line: 1 },
  ];

  it('replaces every open finding of a review that settles every item', () => {
    expect(findingsReplaced(open, { findings: [], unsettled: [] }).map((row) => row.id)).toEqual([
      'log-3',
      'log-9',
      'driver-1',
    ]);
  });

  it('keeps the findings of items the review left unsettled, except those it found again', () => {
    const replaced = findingsReplaced(open, { findings: [{ ...noLog, line: 9 }], unsettled: [noLog] });
    expect(replaced.map((row) => row.id)).toEqual(['log-9', 'driver-1']);
  });

  it('tells items apart by rule id, list and text alike', () => {
    const other = { ...noLog, type: 'should_do' };
    expect(findingsReplaced(open, { findings: [], unsettled: [other] })).toHaveLength(3);
  });
});
