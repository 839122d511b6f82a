import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';

export interface TaskPeek {
  /** The key of the task open in the peek panel, as the URL has it. */
  peek: string | undefined;
  /** Opens a task in the panel: a new history entry, so Back closes it again. */
  open: (key: string) => void;
  /** Shows another task in the open panel, in place of the current history entry. */
  show: (key: string) => void;
  close: () => void;
}

/**
 * The peek panel's state lives in the project page's URL (`?peek=SWB-12`), so a reload or a shared
 * link opens the same task beside the same view.
 */
export function useTaskPeek(): TaskPeek {
  // Not bound to the project route: the board and the list also render on their own (in tests).
  const peek = useSearch({ strict: false, select: (search) => search.peek });
  const navigate = useNavigate();
  const go = useCallback(
    (key: string | undefined, replace: boolean) =>
      void navigate({ to: '.', search: (previous) => ({ ...previous, peek: key }), replace }),
    [navigate],
  );
  return {
    peek,
    open: useCallback((key: string) => go(key, false), [go]),
    show: useCallback((key: string) => go(key, true), [go]),
    close: useCallback(() => go(undefined, true), [go]),
  };
}
