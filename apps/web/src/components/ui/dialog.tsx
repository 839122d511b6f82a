import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from '../icons';
import { Button } from './button';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Danger dialogs get a red title. @default 'default' */
  tone?: 'default' | 'danger';
  className?: string;
}

/**
 * A modal on the native <dialog>: focus moves in and is trapped by the browser, Escape closes it,
 * focus returns to the opener, and the page behind is inert.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  tone = 'default',
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only catches the backdrop; keyboard users close with Escape (the cancel event) or the Close button.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        'm-auto w-[min(28rem,calc(100vw-2rem))] rounded-card border border-border bg-popover p-0 text-foreground shadow-2xl',
        'backdrop:bg-black/55 backdrop:backdrop-blur-[2px]',
        className,
      )}
    >
      {open ? (
        <div className="flex flex-col gap-4 p-5">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <h2
                id={titleId}
                className={cn(
                  'text-[15px] font-semibold',
                  tone === 'danger' ? 'text-danger' : 'text-foreground',
                )}
              >
                {title}
              </h2>
              {description ? (
                <div id={descriptionId} className="mt-1 text-sm leading-6 text-muted-foreground">
                  {description}
                </div>
              ) : null}
            </div>
            <button
              type="button"
              aria-label="Close"
              onClick={onClose}
              className="grid size-7 shrink-0 place-items-center rounded-control text-muted-foreground hover:bg-subtle hover:text-foreground"
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

export interface DialogFooterProps {
  onCancel: () => void;
  /** @default 'Cancel' */
  cancelLabel?: string;
  /** The primary action's words, e.g. 'Create project'. */
  actionLabel: string;
  /** Shown on the primary action while it runs, e.g. 'Saving…'. */
  pendingLabel?: string;
  pending?: boolean;
  /** Keeps the primary action off, e.g. until a typed confirmation matches. */
  disabled?: boolean;
  /** Without it the primary action submits the surrounding form. */
  onAction?: () => void;
  /** Danger actions get a red button. @default 'default' */
  tone?: 'default' | 'danger';
  /** A form-level failure, announced above the buttons. */
  error?: string | undefined;
  /** A secondary action on the left, e.g. 'Delete…' in an edit dialog. */
  start?: ReactNode;
}

/** The one bottom row of every dialog: an optional failure, Cancel, and the primary action. */
export function DialogFooter({
  onCancel,
  cancelLabel = 'Cancel',
  actionLabel,
  pendingLabel,
  pending = false,
  disabled = false,
  onAction,
  tone = 'default',
  error,
  start,
}: DialogFooterProps) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-[13px] text-danger">
          {error}
        </p>
      ) : null}
      <div className={cn('flex items-center gap-2 pt-1', start ? 'justify-between' : 'justify-end')}>
        {start}
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button
            type={onAction ? 'button' : 'submit'}
            variant={tone === 'danger' ? 'danger' : 'primary'}
            disabled={disabled || pending}
            onClick={onAction}
          >
            {pending ? (pendingLabel ?? actionLabel) : actionLabel}
          </Button>
        </div>
      </div>
    </>
  );
}

/** The footer of a create or edit form: its primary action reads "Saving…" while the save runs. */
export function FormDialogFooter({
  save,
  ...footer
}: Omit<DialogFooterProps, 'pending' | 'pendingLabel'> & { save: { isPending: boolean } }) {
  return <DialogFooter {...footer} pendingLabel="Saving…" pending={save.isPending} />;
}
