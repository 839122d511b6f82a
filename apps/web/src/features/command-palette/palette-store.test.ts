import { afterEach, describe, expect, it, vi } from 'vitest';
import { commandPalette, currentPage } from './palette-store';
import { quickCreateRequests } from './quick-create-request';

afterEach(() => commandPalette.close());

describe('commandPalette', () => {
  it('opens at the start or straight at a page, from which Backspace leads back to the start', () => {
    commandPalette.open('move');
    expect(currentPage(commandPalette.read())).toBe('move');
    expect(commandPalette.back()).toBe(true);
    expect(currentPage(commandPalette.read())).toBe('root');
    expect(commandPalette.back()).toBe(false);
  });

  it('toggles, and a closed palette opens at the start again', () => {
    commandPalette.open('assign');
    commandPalette.toggle();
    expect(commandPalette.read().open).toBe(false);
    commandPalette.toggle();
    expect(commandPalette.read()).toEqual({ open: true, pages: ['root'] });
  });

  it('tells its listeners about every change', () => {
    const listener = vi.fn();
    const stop = commandPalette.subscribe(listener);
    commandPalette.open();
    commandPalette.push('organization');
    commandPalette.close();
    stop();
    commandPalette.open();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('quickCreateRequests', () => {
  it('hands a request to its project once', () => {
    quickCreateRequests.request('p1');
    expect(quickCreateRequests.take('p2')).toBe(false);
    expect(quickCreateRequests.take('p1')).toBe(true);
    expect(quickCreateRequests.take('p1')).toBe(false);
  });
});
