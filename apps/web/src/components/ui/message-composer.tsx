import type { KeyboardEvent } from 'react';
import { Button } from './button';
import { TextArea } from './field';

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
 * Send button; it goes inside the caller's form, which handles the submit.
 */
export function MessageComposer({
  value,
  onChange,
  rows = 3,
  sending,
  sendLabel,
  ...field
}: MessageComposerProps) {
  return (
    <>
      <TextArea
        {...field}
        value={value}
        rows={rows}
        maxLength={50_000}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={sendOnCtrlEnter}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? 'Sending…' : sendLabel}
        </Button>
      </div>
    </>
  );
}
