import { describe, expect, it } from 'vitest';
import { makeTask } from '../../testing/api-fixtures';
import { textEdit } from './edit-conflicts';
import {
  criteriaAsText,
  criteriaFromText,
  criterionAdded,
  criterionEdit,
  TASK_CRITERIA,
  TASK_TITLE,
} from './task-edits';

const criterion = (text: string, checked = false) => ({ text, checked });

describe('textEdit', () => {
  it('goes on top of changes to other fields', () => {
    const edit = textEdit(TASK_TITLE, 'Old', 'Mine');
    expect(edit(makeTask({ id: 't1', title: 'Old', priority: 'high' }))).toEqual({
      changes: { title: 'Mine' },
    });
  });

  it('never replaces a title someone else saved after the edit began', () => {
    const edit = textEdit(TASK_TITLE, 'Old', 'Mine');
    expect(edit(makeTask({ id: 't1', title: 'Theirs' }))).toEqual({
      conflict: { field: TASK_TITLE, mine: 'Mine', theirs: 'Theirs' },
    });
  });

  it('is no conflict when the other person wrote the same words', () => {
    expect(textEdit(TASK_TITLE, 'Old', 'Same')(makeTask({ id: 't1', title: 'Same' }))).toEqual({
      changes: { title: 'Same' },
    });
  });
});

describe('criteria as text', () => {
  it('reads back what it wrote, and plain lines as unchecked criteria', () => {
    const list = [criterion('Events arrive', true), criterion('Docs [draft] updated')];
    expect(criteriaFromText(criteriaAsText(list))).toEqual(list);
    expect(criteriaFromText('First\n\n- Second\n[x] Third')).toEqual([
      criterion('First'),
      criterion('Second'),
      criterion('Third', true),
    ]);
    expect(TASK_CRITERIA.write('- [x] Done')).toEqual({ acceptanceCriteria: [criterion('Done', true)] });
  });
});

describe('criterionEdit', () => {
  const seen = [criterion('A'), criterion('B')];

  it('ticks the criterion the person saw, even after one was added before it', () => {
    const current = makeTask({
      id: 't1',
      acceptanceCriteria: [criterion('New'), criterion('A'), criterion('B')],
    });
    expect(criterionEdit(seen, 1, { checked: true })(current)).toEqual({
      changes: { acceptanceCriteria: [criterion('New'), criterion('A'), criterion('B', true)] },
    });
  });

  it('shows both lists when the criterion was reworded meanwhile', () => {
    const current = makeTask({ id: 't1', acceptanceCriteria: [criterion('A'), criterion('B, reworded')] });
    const outcome = criterionEdit(seen, 1, { checked: true })(current);
    expect(outcome).toEqual({
      conflict: { field: TASK_CRITERIA, mine: '- [ ] A\n- [x] B', theirs: '- [ ] A\n- [ ] B, reworded' },
    });
  });

  it('removes nothing more when the criterion is gone already', () => {
    const current = makeTask({ id: 't1', acceptanceCriteria: [criterion('A')] });
    expect(criterionEdit(seen, 1, 'remove')(current)).toEqual({ changes: {} });
  });

  it('adds at the end of the list as it is then', () => {
    const current = makeTask({ id: 't1', acceptanceCriteria: [criterion('Theirs')] });
    expect(criterionAdded('Mine')(current)).toEqual({
      changes: { acceptanceCriteria: [criterion('Theirs'), criterion('Mine')] },
    });
  });
});
