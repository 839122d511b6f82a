import type { FormEvent, ReactNode } from 'react';
import { type DialogFooterProps, FormDialogFooter } from './dialog';

export interface DialogFormProps extends Omit<DialogFooterProps, 'pending' | 'pendingLabel' | 'onAction'> {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The save under way: its action reads "Saving…" while it runs. */
  save: { isPending: boolean };
  /** The form's fields. */
  children: ReactNode;
}

/**
 * The form of a create or edit dialog: its fields, then the footer whose primary action submits them.
 * The browser's own validation stays off; the form shows its own messages by the fields.
 */
export function DialogForm({ onSubmit, children, ...footer }: DialogFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {children}
      <FormDialogFooter {...footer} />
    </form>
  );
}
