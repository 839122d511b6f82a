import { type FormEvent, type ReactNode, useState } from 'react';
import { Dialog, DialogFooter, type DialogProps } from './dialog';
import { Field, VERBATIM_INPUT } from './field';

export interface ConfirmDialogProps extends Pick<DialogProps, 'open' | 'onClose' | 'title' | 'returnFocus'> {
  description: ReactNode;
  /** The button that does it, e.g. 'Delete organization'. */
  confirmLabel: string;
  /** @default 'Cancel' */
  cancelLabel?: string;
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  /** When set, the person must type this exact text first (e.g. the organization's slug). */
  typedConfirmation?: { label: string; expected: string };
  /** @default 'danger' */
  tone?: 'default' | 'danger';
}

/** Asks before something that cannot be undone; optionally makes the person type a word to go on. */
export function ConfirmDialog({
  onClose,
  confirmLabel,
  cancelLabel,
  pendingLabel,
  pending = false,
  onConfirm,
  typedConfirmation,
  tone = 'danger',
  ...dialog
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const matches = !typedConfirmation || typed.trim() === typedConfirmation.expected;
  const close = () => {
    setTyped('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches && !pending) onConfirm();
  };
  return (
    <Dialog {...dialog} onClose={close} tone={tone}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        {typedConfirmation ? (
          <Field
            label={typedConfirmation.label}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            {...VERBATIM_INPUT}
            autoFocus
          />
        ) : null}
        <DialogFooter
          onCancel={close}
          cancelLabel={cancelLabel}
          actionLabel={confirmLabel}
          pendingLabel={pendingLabel}
          pending={pending}
          disabled={!matches}
          tone={tone}
        />
      </form>
    </Dialog>
  );
}
