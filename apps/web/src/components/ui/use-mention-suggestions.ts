import type { MentionDirectory } from '@switchboard/api-client/contract';
import { type KeyboardEvent, type SyntheticEvent, useId, useRef, useState } from 'react';
import {
  activeMentionQuery,
  insertMention,
  type MentionCandidate,
  mentionCandidates,
} from './mention-autocomplete';

/**
 * The `@` suggestions of a text box: who matches what is typed before the caret, which one is
 * highlighted, and taking one into the text. The box calls `track` whenever its caret may have moved
 * and hands its keys to `onKey` first; `onKey` answers whether the key was the suggestions' own.
 */
export function useMentionSuggestions(
  value: string,
  onChange: (value: string) => void,
  mentions: MentionDirectory | undefined,
) {
  const textArea = useRef<HTMLTextAreaElement | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [highlighted, setHighlighted] = useState(0);
  const listId = useId();

  const typed = mentions && caret !== null ? activeMentionQuery(value, caret) : undefined;
  const candidates =
    typed && mentions && dismissedAt !== typed.start ? mentionCandidates(mentions, typed.query) : [];
  const open = candidates.length > 0;
  const active = Math.min(highlighted, candidates.length - 1);

  const track = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    textArea.current = event.currentTarget;
    setCaret(event.currentTarget.selectionStart);
  };

  const choose = (candidate: MentionCandidate) => {
    if (!typed) return;
    const next = insertMention(value, typed, candidate.handle);
    onChange(next.text);
    setCaret(next.caret);
    setHighlighted(0);
    const element = textArea.current;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    textArea.current = event.currentTarget;
    if (!open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((active + step + candidates.length) % candidates.length);
      return true;
    }
    const chosen = candidates[active];
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.ctrlKey && !event.metaKey && chosen) {
      event.preventDefault();
      choose(chosen);
      return true;
    }
    if (event.key === 'Escape' && typed) {
      event.preventDefault();
      setDismissedAt(typed.start);
      return true;
    }
    return false;
  };

  /** Typing starts again from the first suggestion. */
  const restart = () => setHighlighted(0);

  return { listId, candidates, open, active, track, choose, onKey, restart };
}
