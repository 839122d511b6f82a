import { useEffect, useRef } from 'react';

/**
 * "Create task" asked for from a shortcut or the palette: the board of that project opens the quick
 * create of its first column. The request waits here when the board is not shown yet (the palette asked
 * which project, then went there), and the board takes it once it mounts.
 */

type Listener = () => void;

class QuickCreateRequests {
  private pending: string | null = null;
  private listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  request(projectId: string) {
    this.pending = projectId;
    for (const listener of this.listeners) listener();
  }

  /** True once for the project asked for: the request is used up by whoever takes it. */
  take(projectId: string): boolean {
    if (this.pending !== projectId) return false;
    this.pending = null;
    return true;
  }
}

export const quickCreateRequests = new QuickCreateRequests();

/** Calls `open` when a quick create is asked for in `projectId` (also one asked before this mounted). */
export function useQuickCreateRequest(projectId: string, enabled: boolean, open: () => void) {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      if (quickCreateRequests.take(projectId)) latest.current();
    };
    check();
    return quickCreateRequests.subscribe(check);
  }, [projectId, enabled]);
}
