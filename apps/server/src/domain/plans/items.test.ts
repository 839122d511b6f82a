import { describe, expect, it } from 'vitest';
import { type ItemDraft, structureProblems, withCanonicalKeys } from './items';

function draft(
  key: string,
  kind: ItemDraft['kind'],
  parent: string | null,
  dependsOn: string[] = [],
): ItemDraft {
  return {
    key,
    kind,
    parent,
    title: key,
    description: '',
    acceptanceCriteria: [],
    priority: null,
    estimateHours: null,
    dependsOn,
    assignee: null,
  };
}

describe('the structure of plan items', () => {
  it('accepts work units holding tasks and work units, with dependencies in one direction', () => {
    const items = [
      draft('E', 'work_unit', null),
      draft('F', 'work_unit', 'E'),
      draft('A', 'task', 'F'),
      draft('B', 'task', 'F', ['A']),
    ];
    expect(structureProblems(items)).toEqual([]);
  });

  it('names each problem at its field', () => {
    const problems = structureProblems([
      draft('A', 'task', null),
      draft('a', 'task', null),
      draft('B', 'task', 'A'),
      draft('C', 'task', 'Z', ['Y']),
    ]);
    expect(problems).toEqual([
      { path: ['items', 1, 'key'], message: 'a is used by another item' },
      { path: ['items', 2, 'parent'], message: 'A is a task; only work units hold items' },
      { path: ['items', 3, 'parent'], message: 'no item has the key Z' },
      { path: ['items', 3, 'dependsOn', 0], message: 'no item has the key Y' },
    ]);
  });

  it('finds work units inside themselves and dependency circles', () => {
    const nested = structureProblems([draft('A', 'work_unit', 'B'), draft('B', 'work_unit', 'A')]);
    expect(nested.map((problem) => problem.message)).toEqual([
      'A would sit inside itself',
      'B would sit inside itself',
    ]);
    const circle = structureProblems([draft('A', 'task', null, ['B']), draft('B', 'task', null, ['A'])]);
    expect(circle).toEqual([
      { path: ['items', 0, 'dependsOn'], message: 'dependencies go round in a circle: A → B → A' },
    ]);
  });

  it('spells parents and dependencies as the keys they name', () => {
    const [, task] = withCanonicalKeys([
      draft('W1', 'work_unit', null),
      draft('T1', 'task', 'w1', ['w1', 'W1']),
    ]);
    expect(task).toMatchObject({ parent: 'W1', dependsOn: ['W1'] });
  });
});

describe('the limits of plan items', () => {
  it('refuses more than 500 items and titles longer than their work unit or task allows', () => {
    const many = Array.from({ length: 501 }, (_, index) => draft(`T${index}`, 'task', null));
    expect(structureProblems(many)).toEqual([
      { path: ['items'], message: 'a plan holds at most 500 items; this one has 501' },
    ]);
    const long = structureProblems([
      { ...draft('W1', 'work_unit', null), title: 'w'.repeat(201) },
      { ...draft('T1', 'task', 'W1'), title: 't'.repeat(300) },
    ]);
    expect(long).toEqual([
      { path: ['items', 0, 'title'], message: 'W1: a work unit title has at most 200 characters' },
    ]);
  });
});
