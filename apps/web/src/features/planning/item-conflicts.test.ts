import type { PlanItem } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { makePlanItem } from '../../testing/plan-fixtures';
import { firstConflict, resolveConflict } from './item-conflicts';

const item = (title: string, extra: Partial<PlanItem> = {}) => makePlanItem('T1', { title, ...extra });

describe('firstConflict', () => {
  const bases = { T1: item('Lex') };
  const edits = { T1: { title: 'Lex by hand' } };

  it('is none when someone else changed only fields the person left alone', () => {
    expect(firstConflict(edits, bases, [item('Lex', { priority: 'high' })])).toBeNull();
  });

  it('names the field both changed, with both texts', () => {
    expect(firstConflict(edits, bases, [item('Lex with a generator')])).toEqual({
      key: 'T1',
      field: 'title',
      label: 'Title of T1',
      mine: 'Lex by hand',
      theirs: 'Lex with a generator',
      mergeable: true,
    });
  });

  it('counts an item the other revision removed as a conflict that cannot be merged', () => {
    expect(firstConflict(edits, bases, [])).toMatchObject({
      theirs: '(removed from the plan)',
      mergeable: false,
    });
  });
});

describe('resolveConflict', () => {
  const bases = { T1: item('Lex') };
  const current = [item('Lex with a generator')];
  const conflict = firstConflict({ T1: { title: 'Lex by hand' } }, bases, current);
  if (!conflict) throw new Error('expected a conflict');

  it('keeps the person’s text, now on top of the other one', () => {
    const next = resolveConflict({ T1: { title: 'Lex by hand' } }, bases, conflict, current, 'Lex by hand');
    expect(next.edits).toEqual({ T1: { title: 'Lex by hand' } });
    expect(firstConflict(next.edits, next.bases, current)).toBeNull();
  });

  it('takes the other text by dropping the person’s edit of that field', () => {
    const next = resolveConflict({ T1: { title: 'Lex by hand' } }, bases, conflict, current, null);
    expect(next.edits).toEqual({});
  });

  it('keeps a merge made by hand', () => {
    const next = resolveConflict({ T1: { title: 'Lex by hand' } }, bases, conflict, current, 'Lex, merged');
    expect(next.edits).toEqual({ T1: { title: 'Lex, merged' } });
  });
});
