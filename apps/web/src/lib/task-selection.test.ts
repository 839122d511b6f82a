import { afterEach, describe, expect, it } from 'vitest';
import { taskSelection } from './task-selection';

afterEach(() => {
  taskSelection.clear();
  taskSelection.setCurrent(null);
});

describe('taskSelection', () => {
  it('toggles tasks in and out, keeping the order they were picked in', () => {
    taskSelection.toggle('b');
    taskSelection.toggle('a');
    taskSelection.toggle('b');
    taskSelection.toggle('c');
    expect(taskSelection.read().selected).toEqual(['a', 'c']);
  });

  it('extends from the cursor to a shift-clicked task in the visible order', () => {
    const order = ['a', 'b', 'c', 'd', 'e'];
    taskSelection.setCursor('b');
    taskSelection.extendTo('d', order);
    expect(taskSelection.read().selected).toEqual(['b', 'c', 'd']);
    taskSelection.extendTo('a', order);
    expect([...taskSelection.read().selected].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('acts on the selection, else the cursor, else the open task', () => {
    taskSelection.setCurrent({ id: 'open', projectId: 'p' });
    expect(taskSelection.targets()).toEqual(['open']);
    taskSelection.setCursor('cursor');
    expect(taskSelection.targets()).toEqual(['cursor']);
    taskSelection.select(['x', 'y', 'x']);
    expect(taskSelection.targets()).toEqual(['x', 'y']);
  });
});
