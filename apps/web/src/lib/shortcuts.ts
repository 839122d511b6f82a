/**
 * Single-key shortcuts in the Linear style ("c", "x", "g p"): one listener on the document, a registry
 * of what is bound now, and a matcher that reads a key sequence. Shortcuts never fire while the person
 * types in a field, nor with Ctrl/Cmd/Alt held (those belong to the browser and to the palette).
 */

export interface ShortcutBinding {
  /** Keys separated by spaces: "c", "?", "g p" (a sequence: g, then p within a second). */
  keys: string;
  /** What it does, shown in the shortcut list ("?"). */
  description: string;
  /** Heading it is listed under in the shortcut list. */
  group: string;
  run: (event: KeyboardEvent) => void;
}

/** How long the second key of a sequence ("g", then "p") may wait for the first. */
export const SEQUENCE_TIMEOUT_MS = 1_000;

/** True when the key goes to something that takes text, so a shortcut must not steal it. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const field = element.closest(
    'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"], [role="listbox"]',
  );
  if (!field) return false;
  if (field instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(field.type);
  }
  return true;
}

/** The key as bindings spell it: "?" for Shift+/, lower case letters. */
export function keyName(event: Pick<KeyboardEvent, 'key'>): string {
  return event.key.length === 1 ? event.key.toLowerCase() : event.key;
}

export interface ShortcutMatch {
  /** A binding whose whole sequence was typed. */
  binding?: ShortcutBinding;
  /** Keys typed so far that begin some binding's sequence; kept for the next key. */
  pending: string[];
}

/** Reads one more key against the bindings, given the keys of an unfinished sequence. */
export function matchShortcut(
  bindings: readonly ShortcutBinding[],
  pending: readonly string[],
  key: string,
): ShortcutMatch {
  const attempt = (typed: string[]): ShortcutMatch | undefined => {
    const joined = typed.join(' ');
    const binding = bindings.find((candidate) => candidate.keys === joined);
    if (binding) return { binding, pending: [] };
    if (bindings.some((candidate) => candidate.keys.startsWith(`${joined} `))) return { pending: typed };
    return undefined;
  };
  // "g" then "x" (no such sequence) starts over with "x" alone, as Linear and GitHub read it.
  return attempt([...pending, key]) ?? attempt([key]) ?? { pending: [] };
}

type Listener = () => void;

/**
 * The bindings in force, newest first, so a screen's "x" overrides a global one while it is mounted.
 * A module-level registry: there is one keyboard and one document.
 */
class ShortcutRegistry {
  private entries: { id: number; binding: ShortcutBinding }[] = [];
  private listeners = new Set<Listener>();
  private nextId = 1;
  private pending: string[] = [];
  private pendingTimer: ReturnType<typeof setTimeout> | undefined;
  private installed = false;

  add(binding: ShortcutBinding): () => void {
    const id = this.nextId++;
    this.entries = [{ id, binding }, ...this.entries];
    this.install();
    this.notify();
    return () => {
      this.entries = this.entries.filter((entry) => entry.id !== id);
      this.notify();
    };
  }

  /** What is bound now, one entry per key sequence (the newest wins). */
  list(): ShortcutBinding[] {
    const seen = new Set<string>();
    const result: ShortcutBinding[] = [];
    for (const { binding } of this.entries) {
      if (seen.has(binding.keys)) continue;
      seen.add(binding.keys);
      result.push(binding);
    }
    return result;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private install() {
    if (this.installed || typeof document === 'undefined') return;
    this.installed = true;
    document.addEventListener('keydown', (event) => this.handle(event));
  }

  private handle(event: KeyboardEvent) {
    if (event.defaultPrevented || event.isComposing) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTypingTarget(event.target)) return;
    // A modal dialog owns the keyboard while open; its own keys (Escape, Tab) must not run shortcuts.
    if (document.querySelector('[role="dialog"][aria-modal="true"], dialog[open]')) return;
    const key = keyName(event);
    if (key === 'Shift') return;
    const match = matchShortcut(this.list(), this.pending, key);
    clearTimeout(this.pendingTimer);
    this.pending = match.pending;
    if (match.pending.length > 0) {
      this.pendingTimer = setTimeout(() => {
        this.pending = [];
      }, SEQUENCE_TIMEOUT_MS);
    }
    if (match.binding) {
      event.preventDefault();
      match.binding.run(event);
    }
  }
}

export const shortcuts = new ShortcutRegistry();
