import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type ShortcutBinding, shortcuts } from '../lib/shortcuts';

/**
 * Binds a shortcut while the component is mounted. The handler may change on every render; the binding
 * stays put, so the list shown by "?" does not flicker.
 */
export function useShortcut(
  keys: string,
  description: string,
  group: string,
  run: (event: KeyboardEvent) => void,
  enabled = true,
): void {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!enabled) return;
    return shortcuts.add({ keys, description, group, run: (event) => latest.current(event) });
  }, [keys, description, group, enabled]);
}

/** Every shortcut bound now, for the "?" list. */
export function useShortcutList(): ShortcutBinding[] {
  return useSyncExternalStore(
    (listener) => shortcuts.subscribe(listener),
    () => listCache.read(),
    () => [],
  );
}

// useSyncExternalStore needs the same array until the registry changes.
const listCache = (() => {
  let cached: ShortcutBinding[] = [];
  let stale = true;
  shortcuts.subscribe(() => {
    stale = true;
  });
  return {
    read() {
      if (stale) {
        cached = shortcuts.list();
        stale = false;
      }
      return cached;
    },
  };
})();
