import { describe, expect, it } from 'vitest';
import { makePlanItem } from '../../testing/plan-fixtures';
import {
  dependencyChoices,
  draftOf,
  editAgainst,
  parentChoices,
  problemsByItem,
  readDraft,
} from './item-draft';

describe('draftOf and readDraft', () => {
  it('reads back every field an item has, a member as their user id and an agent by name', () => {
    const person = makePlanItem('T1', {
      description: 'Some *markdown*',
      acceptanceCriteria: ['one', 'two'],
      priority: 'high',
      estimateHours: 1.5,
      dependsOn: ['T2'],
      assigneeUserId: 'u1',
      parent: 'W1',
    });
    expect(draftOf(person)).toMatchObject({ estimate: '1.5', assignee: { userId: 'u1' } });
    expect(readDraft(person, draftOf(person))).toEqual({
      ok: true,
      values: {
        title: 'Item T1',
        description: 'Some *markdown*',
        acceptanceCriteria: ['one', 'two'],
        priority: 'high',
        estimateHours: 1.5,
        dependsOn: ['T2'],
        assignee: null,
        assigneeUserId: 'u1',
        parent: 'W1',
      },
    });
    const agent = makePlanItem('T2', { assignee: 'builder' });
    expect(draftOf(agent).assignee).toEqual({ agent: 'builder' });
    const read = readDraft(agent, draftOf(agent));
    expect(read.ok && [read.values.assignee, read.values.assigneeUserId]).toEqual(['builder', null]);
  });

  it('trims the title, drops blank criteria and takes a comma as the decimal point', () => {
    const base = makePlanItem('T1');
    const read = readDraft(base, {
      ...draftOf(base),
      title: '  Tidy  ',
      criteria: [' keep me ', '   ', ''],
      estimate: '2,5',
      assignee: null,
    });
    expect(read.ok && read.values).toMatchObject({
      title: 'Tidy',
      acceptanceCriteria: ['keep me'],
      estimateHours: 2.5,
      assignee: null,
      assigneeUserId: null,
    });
  });

  it('refuses an empty title and estimates that are no number, zero or above 10,000 hours', () => {
    const base = makePlanItem('T1');
    const draft = draftOf(base);
    expect(readDraft(base, { ...draft, title: '   ' })).toEqual({
      ok: false,
      errors: { title: 'A title is required.' },
    });
    for (const [estimate, message] of [
      ['soon', 'Give the estimate in hours, such as 2 or 1.5.'],
      ['0', 'An estimate is more than 0 hours.'],
      ['-3', 'An estimate is more than 0 hours.'],
      ['10001', 'An estimate is at most 10,000 hours.'],
    ] as const) {
      expect(readDraft(base, { ...draft, estimate })).toEqual({ ok: false, errors: { estimate: message } });
    }
    expect(readDraft(base, { ...draft, estimate: '10000' }).ok).toBe(true);
    expect(readDraft(base, { ...draft, estimate: ' ' })).toMatchObject({ values: { estimateHours: null } });
  });

  it('holds titles to what the item becomes: 200 characters for a work unit, 300 for a task', () => {
    const unit = makePlanItem('W1', { kind: 'work_unit' });
    expect(readDraft(unit, { ...draftOf(unit), title: 'x'.repeat(200) }).ok).toBe(true);
    expect(readDraft(unit, { ...draftOf(unit), title: 'x'.repeat(201) })).toEqual({
      ok: false,
      errors: { title: 'A work unit title has at most 200 characters.' },
    });
    const task = makePlanItem('T1');
    expect(readDraft(task, { ...draftOf(task), title: 'x'.repeat(300) }).ok).toBe(true);
    expect(readDraft(task, { ...draftOf(task), title: 'x'.repeat(301) }).ok).toBe(false);
  });

  it('refuses more than 50 criteria or one longer than 1,000 characters', () => {
    const base = makePlanItem('T1');
    const many = Array.from({ length: 51 }, (_, index) => `criterion ${index}`);
    expect(readDraft(base, { ...draftOf(base), criteria: many })).toMatchObject({
      errors: { criteria: 'An item has at most 50 criteria.' },
    });
    expect(readDraft(base, { ...draftOf(base), criteria: ['x'.repeat(1001)] })).toMatchObject({
      errors: { criteria: 'A criterion has at most 1,000 characters.' },
    });
  });

  it("leaves a work unit's estimate alone: its hours are its tasks'", () => {
    const unit = makePlanItem('W1', { kind: 'work_unit', estimateHours: null });
    expect(readDraft(unit, { ...draftOf(unit), estimate: 'nonsense' })).toMatchObject({
      ok: true,
      values: { estimateHours: null },
    });
  });
});

describe('editAgainst', () => {
  it('keeps only the fields that differ from the item as saved', () => {
    const saved = makePlanItem('T1', { acceptanceCriteria: ['a'], priority: 'low' });
    expect(
      editAgainst(saved, { title: 'Item T1', acceptanceCriteria: ['a'], priority: 'high', dependsOn: [] }),
    ).toEqual({ priority: 'high' });
    expect(editAgainst(saved, { acceptanceCriteria: ['a', 'b'] })).toEqual({
      acceptanceCriteria: ['a', 'b'],
    });
    expect(editAgainst(saved, { title: 'Item T1' })).toEqual({});
  });
});

describe('dependencyChoices and parentChoices', () => {
  const items = [
    makePlanItem('W1', { kind: 'work_unit' }),
    makePlanItem('W2', { kind: 'work_unit', parent: 'W1' }),
    makePlanItem('W3', { kind: 'work_unit' }),
    makePlanItem('T1', { parent: 'W2' }),
    makePlanItem('T2', { parent: 'W3' }),
  ];

  it('offers every other item not chosen yet, never the item itself', () => {
    expect(dependencyChoices(items, 'T1', ['T2'])).toEqual(['W1', 'W2', 'W3']);
    expect(dependencyChoices(items, 'T1', [])).not.toContain('T1');
  });

  it('offers work units only, and for a work unit none inside it nor itself', () => {
    expect(parentChoices(items, 'T1').map((choice) => choice.key)).toEqual(['W1', 'W2', 'W3']);
    expect(parentChoices(items, 'W1').map((choice) => choice.key)).toEqual(['W3']);
    expect(parentChoices(items, 'W2').map((choice) => choice.key)).toEqual(['W1', 'W3']);
  });
});

describe('problemsByItem', () => {
  const sent = [makePlanItem('T1'), makePlanItem('T2'), makePlanItem('T3')];

  it("puts each of the server's issues on the item sent at its index, as a sentence", () => {
    const details = [
      {
        code: 'custom',
        path: ['items', 1, 'dependsOn'],
        message: 'dependencies go round in a circle: T2 → T1 → T2',
      },
      { code: 'custom', path: ['items', 2, 'title'], message: 'T3: a task title has at most 300 characters' },
      { code: 'custom', path: ['items', 2, 'dependsOn', 0], message: 'no item has the key T9' },
      { code: 'custom', path: ['title'], message: 'is required' },
    ];
    expect(problemsByItem(details, sent)).toEqual({
      items: {
        T2: 'Dependencies go round in a circle: T2 → T1 → T2.',
        T3: 'T3: a task title has at most 300 characters. No item has the key T9.',
      },
      plan: ['Is required.'],
    });
  });

  it('finds nothing in an answer without details', () => {
    expect(problemsByItem(undefined, sent)).toEqual({ items: {}, plan: [] });
    expect(problemsByItem([{ path: ['items', 7], message: 'beyond what was sent' }], sent)).toEqual({
      items: {},
      plan: ['Beyond what was sent.'],
    });
  });
});
