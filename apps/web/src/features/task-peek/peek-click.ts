import type { MouseEvent } from 'react';

/**
 * Alt-click (Option-click on a Mac) on a card or row peeks at the task instead of opening its page;
 * Shift and Cmd/Ctrl already select. Answers whether it took the click (then the link must not open,
 * nor the browser download its target, which is what Alt-click on a link does by default).
 */
export function peekOnAltClick(
  event: Pick<MouseEvent, 'altKey' | 'shiftKey' | 'metaKey' | 'ctrlKey' | 'preventDefault'>,
  peek: () => void,
): boolean {
  if (!event.altKey || event.shiftKey || event.metaKey || event.ctrlKey) return false;
  event.preventDefault();
  peek();
  return true;
}
