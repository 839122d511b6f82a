import { describe, expect, it } from 'vitest';
import { selectForAcceptance } from './accept';
import type { PlanItemRow } from './rows';

function row(
  key: string,
  kind: PlanItemRow['kind'],
  parentKey: string | null,
  extra: Partial<PlanItemRow> = {},
) {
  return {
    planId: 'p',
    revision: 1,
    key,
    kind,
    parentKey,
    title: key,
    description: '',
    acceptanceCriteria: [],
    priority: null,
    estimateHours: null,
    dependsOn: [],
    assignee: null,
    assigneeUserId: null,
    acceptedAs: null,
    acceptedKey: null,
    position: 0,
    ...extra,
  } satisfies PlanItemRow;
}

const items = [
  row('W1', 'work_unit', null),
  row('T1', 'task', 'W1'),
  row('T2', 'task', 'W1', { dependsOn: ['T1'] }),
  row('T3', 'task', null, { dependsOn: ['W1'] }),
];

const keys = (rows: PlanItemRow[]) => rows.map((item) => item.key);

describe('choosing what to accept', () => {
  it('takes every item when none are named', () => {
    const selection = selectForAcceptance(items, undefined);
    expect(keys(selection.toAccept)).toEqual(['W1', 'T1', 'T2', 'T3']);
    expect(selection.refused).toEqual([]);
    expect(selection.skipped).toEqual([]);
  });

  it('refuses an item whose work unit or dependency is neither chosen nor accepted', () => {
    expect(selectForAcceptance(items, ['T2']).refused).toEqual([
      { key: 'T2', parent: 'W1', dependsOn: ['T1'] },
    ]);
    expect(selectForAcceptance(items, ['T3']).refused).toEqual([{ key: 'T3', dependsOn: ['W1'] }]);
    expect(selectForAcceptance(items, ['W1', 'T2']).refused).toEqual([{ key: 'T2', dependsOn: ['T1'] }]);
  });

  it('counts items accepted before as present, and skips them when chosen again', () => {
    const accepted = items.map((item) =>
      item.key === 'W1' || item.key === 'T1'
        ? { ...item, acceptedAs: `id-${item.key}`, acceptedKey: item.key }
        : item,
    );
    const selection = selectForAcceptance(accepted, ['T1', 'T2']);
    expect(keys(selection.toAccept)).toEqual(['T2']);
    expect(selection.skipped).toEqual(['T1']);
    expect(selection.refused).toEqual([]);
    const again = selectForAcceptance(accepted, ['W1', 'T1']);
    expect(again.toAccept).toEqual([]);
    expect(again.skipped).toEqual(['W1', 'T1']);
  });
});
