import { useCallback, useEffect, useState } from 'react';
import { holdUnsavedDraft } from '../lib/unsaved-drafts';

const PREFIX = 'switchboard:draft:';

function read<T>(key: string): T | undefined {
  try {
    const stored = window.localStorage.getItem(PREFIX + key);
    return stored === null ? undefined : (JSON.parse(stored) as T);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === undefined) window.localStorage.removeItem(PREFIX + key);
    else window.localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or switched off: the draft lives as long as the page, as before.
  }
}

/**
 * A draft kept in this browser's storage under `key` (a task's description, a comment, a plan's edits)
 * so a reload or a trip to another page loses nothing typed. `undefined` means no draft; setting it
 * back to undefined (after saving, or on cancel) forgets it. While there is one, leaving the page asks
 * first (the dashboard's LeaveGuard): kept is not saved, and the person may not know it is kept.
 */
export function useStoredDraft<T>(key: string) {
  const [draft, setDraft] = useState<T | undefined>(() => read<T>(key));
  const unsaved = draft !== undefined;
  useEffect(() => (unsaved ? holdUnsavedDraft(key) : undefined), [key, unsaved]);
  const update = useCallback(
    (next: T | undefined) => {
      setDraft(next);
      write(key, next);
    },
    [key],
  );
  return [draft, update] as const;
}
