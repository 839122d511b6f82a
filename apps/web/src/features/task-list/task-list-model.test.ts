import { describe, expect, it } from 'vitest';
import { makeTask, makeWorkUnit } from '../../testing/api-fixtures';
import { groupTasks, listRows, sortTasks, visibleOrder } from './task-list-model';

const statuses = [
  { id: 'todo', name: 'Todo' },
  { id: 'doing', name: 'In Progress' },
  { id: 'done', name: 'Done' },
];
const bug = { id: 'l1', name: 'Bug', color: '#e5484d' };
const ui = { id: 'l2', name: 'ui', color: '#0090ff' };
const units = [
  makeWorkUnit({ id: 'w10', number: 10, title: 'Later' }),
  makeWorkUnit({ id: 'w2', number: 2, title: 'Zebra' }),
];

const tasks = [
  makeTask({
    id: 'a',
    number: 1,
    statusId: 'done',
    priority: 'low',
    labels: [bug, ui],
    assignee: 'backend-dev',
    workUnitId: 'w10',
    updatedAt: '2026-01-03T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    title: 'beta',
  }),
  makeTask({
    id: 'b',
    number: 2,
    statusId: 'todo',
    priority: 'high',
    labels: [],
    assigneeUser: { id: 'u1', name: 'Ada' },
    workUnitId: 'w2',
    updatedAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-02T00:00:00.000Z',
    title: 'Alpha',
  }),
  makeTask({
    id: 'c',
    number: 10,
    statusId: 'todo',
    priority: 'medium',
    labels: [ui],
    updatedAt: '2026-01-02T00:00:00.000Z',
    createdAt: '2026-01-03T00:00:00.000Z',
    title: 'task 10',
    position: 0.5,
  }),
];
const context = { statuses, workUnits: units };
const summary = (groups: ReturnType<typeof groupTasks>) =>
  groups.map((group) => [group.label, group.tasks.map((task) => task.id)]);

describe('grouping the list', () => {
  it('by status: every status in board order, empty ones too', () => {
    expect(summary(groupTasks(tasks, 'status', context))).toEqual([
      ['Todo', ['b', 'c']],
      ['In Progress', []],
      ['Done', ['a']],
    ]);
  });

  it('by label: a task with two labels under both, the unlabelled last under "No label"', () => {
    expect(summary(groupTasks(tasks, 'label', context))).toEqual([
      ['Bug', ['a']],
      ['ui', ['a', 'c']],
      ['No label', ['b']],
    ]);
  });

  it('by assignee: agents and members by name, "Unassigned" last', () => {
    expect(summary(groupTasks(tasks, 'assignee', context))).toEqual([
      ['Ada', ['b']],
      ['backend-dev', ['a']],
      ['Unassigned', ['c']],
    ]);
  });

  it('by work unit in the order they were made, then by priority high to low', () => {
    expect(summary(groupTasks(tasks, 'workUnit', context))).toEqual([
      ['SWB-WU-2 · Zebra', ['b']],
      ['SWB-WU-10 · Later', ['a']],
      ['No work unit', ['c']],
    ]);
    expect(summary(groupTasks(tasks, 'priority', context))).toEqual([
      ['High', ['b']],
      ['Medium', ['c']],
      ['Low', ['a']],
    ]);
  });
});

describe('sorting the rows', () => {
  const ids = (sorted: { id: string }[]) => sorted.map((task) => task.id);
  it('by each column, either way, board order without one', () => {
    expect(ids(sortTasks(tasks, 'priority', 'desc'))).toEqual(['b', 'c', 'a']);
    expect(ids(sortTasks(tasks, 'updated', 'desc'))).toEqual(['a', 'c', 'b']);
    expect(ids(sortTasks(tasks, 'created', 'asc'))).toEqual(['a', 'b', 'c']);
    expect(ids(sortTasks(tasks, 'key', 'desc'))).toEqual(['c', 'b', 'a']);
    expect(ids(sortTasks(tasks, 'title', 'asc'))).toEqual(['b', 'a', 'c']);
    expect(ids(sortTasks(tasks, undefined, 'asc'))).toEqual(['c', 'a', 'b']);
  });

  it('sorts by due date and by estimate with unset ones last either way', () => {
    const scheduled = [
      makeTask({ id: 'none', number: 1 }),
      makeTask({ id: 'late', number: 2, dueDate: '2026-12-24', estimate: 2 }),
      makeTask({ id: 'soon', number: 3, dueDate: '2026-12-03', estimate: 8 }),
    ];
    expect(ids(sortTasks(scheduled, 'due', 'asc'))).toEqual(['soon', 'late', 'none']);
    expect(ids(sortTasks(scheduled, 'due', 'desc'))).toEqual(['late', 'soon', 'none']);
    expect(ids(sortTasks(scheduled, 'estimate', 'desc'))).toEqual(['soon', 'late', 'none']);
  });

  it('breaks ties by board order whichever way it sorts', () => {
    const same = [makeTask({ id: 'y', number: 2 }), makeTask({ id: 'x', number: 1 })];
    expect(ids(sortTasks(same, 'priority', 'desc'))).toEqual(['x', 'y']);
  });
});

describe('the drawn rows', () => {
  it('hides the rows of a collapsed group and counts a task under two labels once in the visible order', () => {
    const groups = groupTasks(tasks, 'label', context);
    const open = listRows(groups, 'key', 'asc', new Set());
    expect(open.map((row) => (row.type === 'group' ? row.group.label : row.task.id))).toEqual([
      'Bug',
      'a',
      'ui',
      'a',
      'c',
      'No label',
      'b',
    ]);
    expect(visibleOrder(open)).toEqual(['a', 'c', 'b']);
    const closed = listRows(groups, 'key', 'asc', new Set(['label:ui']));
    expect(
      closed.map((row) =>
        row.type === 'group' ? `${row.group.label}${row.collapsed ? '+' : ''}` : row.task.id,
      ),
    ).toEqual(['Bug', 'a', 'ui+', 'No label', 'b']);
  });
});
