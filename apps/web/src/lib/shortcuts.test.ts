import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTypingTarget, matchShortcut, type ShortcutBinding, shortcuts } from './shortcuts';

const bind = (keys: string): ShortcutBinding => ({ keys, description: keys, group: 'Test', run: () => {} });

describe('matchShortcut', () => {
  const bindings = [bind('c'), bind('g p'), bind('g m'), bind('?')];

  it('matches a single key at once', () => {
    expect(matchShortcut(bindings, [], 'c').binding?.keys).toBe('c');
  });

  it('waits after the first key of a sequence and matches the second', () => {
    const first = matchShortcut(bindings, [], 'g');
    expect(first).toEqual({ pending: ['g'] });
    expect(matchShortcut(bindings, first.pending, 'm').binding?.keys).toBe('g m');
  });

  it('starts over with the new key when the sequence has no such continuation', () => {
    expect(matchShortcut(bindings, ['g'], 'c').binding?.keys).toBe('c');
    expect(matchShortcut(bindings, ['g'], 'z')).toEqual({ pending: [] });
  });
});

describe('the document listener', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    document.body.innerHTML = '';
  });

  it('runs a bound key, and not while typing in a field or with a modifier', () => {
    const run = vi.fn();
    cleanups.push(shortcuts.add({ ...bind('c'), run }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'c', bubbles: true }));
    expect(run).toHaveBeenCalledTimes(1);

    const input = document.createElement('input');
    document.body.append(input);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'c', bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'c', ctrlKey: true, bubbles: true }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('lets the newest binding of a key win, and gives the old one back when it goes', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    cleanups.push(shortcuts.add({ ...bind('x'), run: outer }));
    const removeInner = shortcuts.add({ ...bind('x'), run: inner });
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true }));
    removeInner();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true }));
    expect([inner.mock.calls.length, outer.mock.calls.length]).toEqual([1, 1]);
  });
});

describe('isTypingTarget', () => {
  it('tells text fields from checkboxes and buttons', () => {
    const text = document.createElement('input');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const area = document.createElement('textarea');
    const button = document.createElement('button');
    expect([text, checkbox, area, button].map(isTypingTarget)).toEqual([true, false, true, false]);
  });
});
