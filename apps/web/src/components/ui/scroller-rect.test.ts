import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it, vi } from 'vitest';
import { observeScrollerRect, UNMEASURED_HEIGHT_PX } from './scroller-rect';

/** A virtualizer as far as observeElementRect reads it: the scroller and its window, without ResizeObserver. */
function instanceFor(size: { width: number; height: number }) {
  const scrollElement = document.createElement('div');
  // The virtualizer reads the element's client size, which jsdom leaves at zero.
  Object.defineProperty(scrollElement, 'clientWidth', { value: size.width });
  Object.defineProperty(scrollElement, 'clientHeight', { value: size.height });
  return {
    scrollElement,
    targetWindow: { ...window, ResizeObserver: undefined },
    options: {},
  } as unknown as Virtualizer<HTMLDivElement, Element>;
}

describe('observeScrollerRect', () => {
  it('reports a laid-out scroller as it is', () => {
    const seen = vi.fn();
    observeScrollerRect(instanceFor({ width: 300, height: 420 }), seen);
    expect(seen).toHaveBeenCalledWith({ width: 300, height: 420 });
  });

  it('assumes a height for a scroller with none, keeping its width', () => {
    const seen = vi.fn();
    observeScrollerRect(instanceFor({ width: 300, height: 0 }), seen);
    expect(seen).toHaveBeenCalledWith({ width: 300, height: UNMEASURED_HEIGHT_PX });
  });
});
