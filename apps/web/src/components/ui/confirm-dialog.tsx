import { type FormEvent, type ReactNode, useState } from 'react';
import { Dialog, DialogFooter } from './dialog';
import { Field } from './field';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
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
  tone?: 'default' | 'danger';
  /** See Dialog: where focus goes when the control that opened it is gone. */
  returnFocus?: () => HTMLElement | null;
}

/** Asks before something that cannot be undone; optionally makes the person type a word to go on. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  cancelLabel,
  pendingLabel,
  pending = false,
  onConfirm,
  typedConfirmation,
  tone = 'danger',
  returnFocus,
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
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={description}
      tone={tone}
      returnFocus={returnFocus}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        {typedConfirmation ? (
          <Field
            label={typedConfirmation.label}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
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
