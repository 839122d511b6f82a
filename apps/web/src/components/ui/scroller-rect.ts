import { observeElementRect } from '@tanstack/react-virtual';

/** The height assumed for a scroller not laid out (yet, or in a test without layout). */
export const UNMEASURED_HEIGHT_PX = 800;

/**
 * The virtualizer's `observeElementRect` for a scroller that may have no size yet: it reports the
 * assumed height instead of nothing, so the first rows or cards render anyway.
 */
export const observeScrollerRect: typeof observeElementRect = (instance, callback) =>
  observeElementRect(instance, (rect) =>
    callback(rect.height > 0 ? rect : { width: rect.width, height: UNMEASURED_HEIGHT_PX }),
  );
