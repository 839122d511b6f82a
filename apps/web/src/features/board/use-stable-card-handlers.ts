import { useMemo, useRef } from 'react';
import type { BoardColumnHandlers } from './board-column';

/**
 * The columns (and their memoised cards) get handlers that stay the same from render to render and
 * call the latest closures, so a move re-renders only the cards it changed.
 */
export function useStableCardHandlers(current: BoardColumnHandlers): BoardColumnHandlers {
  const latest = useRef(current);
  latest.current = current;
  return useMemo<BoardColumnHandlers>(
    () => ({
      onCardKeyDown: (event, task) => latest.current.onCardKeyDown(event, task),
      onCardCheckbox: (event, task) => latest.current.onCardCheckbox(event, task),
      onCardClick: (event, task) => latest.current.onCardClick(event, task),
    }),
    [],
  );
}
