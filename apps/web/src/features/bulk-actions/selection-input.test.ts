import { afterEach, describe, expect, it, vi } from 'vitest';
import { taskSelection } from '../../lib/task-selection';
import { selectFromCheckbox, selectOnModifiedClick, stepCursor } from './selection-input';

const order = ['a', 'b', 'c', 'd'];
const click = (keys: { shiftKey?: boolean; metaKey?: boolean; ctrlKey?: boolean } = {}) => ({
  shiftKey: false,
  metaKey: false,
  ctrlKey: false,
  ...keys,
  preventDefault: vi.fn(),
});

afterEach(() => taskSelection.clear());

describe('selecting with the pointer', () => {
  it('selects with the checkbox, then the range to a shift-clicked card in visible order', () => {
    selectFromCheckbox(click(), 'b', order);
    const shift = click({ shiftKey: true });
    expect(selectOnModifiedClick(shift, 'd', order)).toBe(true);
    expect(shift.preventDefault).toHaveBeenCalled();
    expect(taskSelection.read().selected).toEqual(['b', 'c', 'd']);
  });

  it('toggles with Cmd or Ctrl and leaves a plain click to open the task', () => {
    expect(selectOnModifiedClick(click({ metaKey: true }), 'a', order)).toBe(true);
    expect(selectOnModifiedClick(click({ ctrlKey: true }), 'c', order)).toBe(true);
    expect(selectOnModifiedClick(click({ metaKey: true }), 'a', order)).toBe(true);
    expect(taskSelection.read().selected).toEqual(['c']);
    const plain = click();
    expect(selectOnModifiedClick(plain, 'b', order)).toBe(false);
    expect(plain.preventDefault).not.toHaveBeenCalled();
  });
});

describe('the keyboard cursor', () => {
  it('starts at either end and stops at the ends', () => {
    expect(stepCursor(order, null, 1)).toBe('a');
    expect(stepCursor(order, null, -1)).toBe('d');
    expect(stepCursor(order, 'b', 1)).toBe('c');
    expect(stepCursor(order, 'd', 1)).toBe('d');
    expect(stepCursor(order, 'a', -1)).toBe('a');
    expect(stepCursor(order, 'gone', 1)).toBe('a');
    expect(stepCursor([], null, 1)).toBeNull();
  });
});
