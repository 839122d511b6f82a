import type { MentionDirectory } from '@switchboard/api-client/contract';
import type { KeyboardEvent } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { TextArea } from './field';
import type { MentionCandidate } from './mention-autocomplete';
import { useMentionSuggestions } from './use-mention-suggestions';

export interface MessageComposerProps {
  label: string;
  hideLabel?: boolean;
  value: string;
  /** The new text; the caller also clears a stale error here. */
  onChange: (value: string) => void;
  error?: string;
  placeholder: string;
  /** @default 3 */
  rows?: number;
  sending: boolean;
  sendLabel: string;
  /** Who `@` offers; without it, typing `@` offers nobody. */
  mentions?: MentionDirectory;
  /** Shows a Cancel button (and Escape cancels), for editing something already sent. */
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** Ctrl+Enter (or Cmd+Enter) sends, as in every chat box; a plain Enter starts a new line. */
function sendOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}

/**
 * The box in which people write a message in markdown (a comment, an answer to an agent) with its
 * Send button; it goes inside the caller's form, which handles the submit. With `mentions`, typing
 * `@` lists members and agents to mention (arrows to choose, Enter or Tab to take, Escape to close).
 */
export function MessageComposer({
  value,
  onChange,
  rows = 3,
  sending,
  sendLabel,
  mentions,
  onCancel,
  ...field
}: MessageComposerProps) {
  const suggestions = useMentionSuggestions(value, onChange, mentions);
  const { listId, open, active } = suggestions;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.onKey(event)) return;
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
      return;
    }
    sendOnCtrlEnter(event);
  };

  return (
    <>
      <div className="relative">
        <TextArea
          {...field}
          value={value}
          rows={rows}
          maxLength={50_000}
          // A <textarea> may carry no other role (a combobox is one line), so it stays a textbox that
          // says it suggests from a list, which one, and which suggestion is highlighted.
          aria-autocomplete={mentions ? 'list' : undefined}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          onChange={(event) => {
            suggestions.track(event);
            suggestions.restart();
            onChange(event.currentTarget.value);
          }}
          onSelect={suggestions.track}
          onClick={suggestions.track}
          onKeyDown={onKeyDown}
        />
        {open ? (
          <MentionListbox
            id={listId}
            candidates={suggestions.candidates}
            active={active}
            onChoose={suggestions.choose}
          />
        ) : null}
      </div>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? 'Sending…' : sendLabel}
        </Button>
      </div>
    </>
  );
}

/** The people and agents `@` offers, under the box; option `${id}-${index}` is the highlighted one's id. */
function MentionListbox({
  id,
  candidates,
  active,
  onChoose,
}: {
  id: string;
  candidates: readonly MentionCandidate[];
  active: number;
  onChoose: (candidate: MentionCandidate) => void;
}) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Mention someone"
      className="absolute left-2 z-30 mt-1 max-h-60 w-64 overflow-y-auto rounded-control border border-border bg-surface py-1 shadow-md"
    >
      {candidates.map((candidate, index) => (
        <div
          key={candidate.key}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          tabIndex={-1}
          // Keeps the caret in the box: choosing must not blur it first.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(candidate);
          }}
          className={cn(
            'flex cursor-pointer items-baseline gap-2 px-3 py-1.5 text-[13px]',
            index === active ? 'bg-subtle text-foreground' : 'text-muted-foreground',
          )}
        >
          <span className="truncate font-medium text-foreground">{candidate.label}</span>
          <span className="truncate text-[12px]">
            @{candidate.handle}
            {candidate.kind === 'agent' ? ' · agent' : ''}
          </span>
        </div>
      ))}
    </div>
  );
}
