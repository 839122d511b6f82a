import { describe, expect, it } from 'vitest';
import { type ChangeableTask, describeTaskChanges } from './task-changes';

const task: ChangeableTask = {
  title: 'Wire the board',
  description: '',
  assignee: null,
  priority: 'medium',
  dueDate: null,
  estimate: null,
  workUnitId: null,
  blockedBy: [],
  acceptanceCriteria: [
    { text: 'Cards move', checked: false },
    { text: 'Columns scroll', checked: false },
  ],
  devInfo: {},
};
const names = {
  taskKeys: new Map([['t2', 'SWB-2']]),
  workUnitSlugs: new Map([['u1', 'SWB-WU-1']]),
};

describe('describeTaskChanges', () => {
  it('says when a due date or an estimate is set, changed and cleared', () => {
    const fields = ['dueDate', 'estimate'];
    const set = { ...task, dueDate: '2026-12-03', estimate: 1 };
    expect(describeTaskChanges(task, set, fields, names)).toEqual([
      'due date set to 3 Dec 2026',
      'estimate set to 1 point',
    ]);
    const changed = { ...task, dueDate: '2027-01-15', estimate: 5 };
    expect(describeTaskChanges(set, changed, fields, names)).toEqual([
      'due date 3 Dec 2026 → 15 Jan 2027',
      'estimate 1 point → 5 points',
    ]);
    expect(describeTaskChanges(changed, task, fields, names)).toEqual([
      'due date cleared (was 15 Jan 2027)',
      'estimate cleared (was 5 points)',
    ]);
  });

  it('names each changed field in words with its old and new value', () => {
    const after: ChangeableTask = {
      ...task,
      title: 'Wire the live board',
      assignee: 'backend-dev',
      priority: 'high',
      workUnitId: 'u1',
      blockedBy: ['t2'],
      description: 'More',
    };
    const fields = ['title', 'assignee', 'priority', 'workUnitId', 'blockedBy', 'description'];
    expect(describeTaskChanges(task, after, fields, names)).toEqual([
      'title "Wire the board" → "Wire the live board"',
      'assignee nobody → backend-dev',
      'priority medium → high',
      'work unit none → SWB-WU-1',
      'blocked by nothing → SWB-2',
      'description edited',
    ]);
  });

  it('says which acceptance criteria were added, removed, checked or unchecked', () => {
    const after: ChangeableTask = {
      ...task,
      acceptanceCriteria: [
        { text: 'Cards move', checked: true },
        { text: 'Counts agree', checked: false },
        { text: 'Rows wrap', checked: false },
      ],
    };
    expect(describeTaskChanges(task, after, ['acceptanceCriteria'], names)).toEqual([
      'acceptance criteria: added "Counts agree", "Rows wrap", removed "Columns scroll", checked "Cards move"',
    ]);
  });

  it('says a criterion was added when its text is already on the list, never "reordered"', () => {
    const after: ChangeableTask = {
      ...task,
      acceptanceCriteria: [...task.acceptanceCriteria, { text: 'Cards move', checked: false }],
    };
    expect(describeTaskChanges(task, after, ['acceptanceCriteria'], names)).toEqual([
      'acceptance criteria: added "Cards move"',
    ]);
  });

  it('says a criterion whose text changed in place was edited, and a moved one reordered', () => {
    const edited: ChangeableTask = {
      ...task,
      acceptanceCriteria: [
        { text: 'Cards move', checked: false },
        { text: 'Columns scroll sideways', checked: false },
      ],
    };
    expect(describeTaskChanges(task, edited, ['acceptanceCriteria'], names)).toEqual([
      'acceptance criteria: edited "Columns scroll" → "Columns scroll sideways"',
    ]);
    const reordered: ChangeableTask = {
      ...task,
      acceptanceCriteria: [...task.acceptanceCriteria].reverse(),
    };
    expect(describeTaskChanges(task, reordered, ['acceptanceCriteria'], names)).toEqual([
      'acceptance criteria reordered',
    ]);
  });

  it('says which of two criteria with the same text was checked', () => {
    const twice: ChangeableTask = {
      ...task,
      acceptanceCriteria: [
        { text: 'Cards move', checked: false },
        { text: 'Cards move', checked: false },
      ],
    };
    const after: ChangeableTask = {
      ...twice,
      acceptanceCriteria: [
        { text: 'Cards move', checked: false },
        { text: 'Cards move', checked: true },
      ],
    };
    expect(describeTaskChanges(twice, after, ['acceptanceCriteria'], names)).toEqual([
      'acceptance criteria: checked "Cards move"',
    ]);
  });

  it('leaves out fields sent with the value they already had', () => {
    expect(describeTaskChanges(task, { ...task }, ['priority', 'title'], names)).toEqual([]);
  });
});
