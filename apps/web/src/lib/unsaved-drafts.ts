/**
 * The drafts on screen that are not saved yet (a description being edited, a comment being written,
 * plan edits), by their storage key. Editors hold their key while they have a draft; the leave guard
 * asks before the page goes while any is held.
 */
const held = new Map<string, number>();

/** Marks `key` unsaved until the returned function is called (an editor may mount twice). */
export function holdUnsavedDraft(key: string): () => void {
  held.set(key, (held.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const count = (held.get(key) ?? 1) - 1;
    if (count > 0) held.set(key, count);
    else held.delete(key);
  };
}

export function hasUnsavedDrafts(): boolean {
  return held.size > 0;
}
