import { describe, expect, it, vi } from 'vitest';
import { peekOnAltClick } from './peek-click';

const click = (keys: Partial<Record<'altKey' | 'shiftKey' | 'metaKey' | 'ctrlKey', boolean>>) => ({
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ctrlKey: false,
  ...keys,
  preventDefault: vi.fn(),
});

describe('peekOnAltClick', () => {
  it('takes an Alt-click: the panel opens and the link does not', () => {
    const event = click({ altKey: true });
    const peek = vi.fn();
    expect(peekOnAltClick(event, peek)).toBe(true);
    expect(peek).toHaveBeenCalledOnce();
    expect(event.preventDefault).toHaveBeenCalledOnce();
  });

  it('leaves plain clicks to the link and other modifiers to selection', () => {
    for (const keys of [{}, { shiftKey: true }, { metaKey: true }, { altKey: true, ctrlKey: true }]) {
      const event = click(keys);
      const peek = vi.fn();
      expect(peekOnAltClick(event, peek)).toBe(false);
      expect(peek).not.toHaveBeenCalled();
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
  });
});
