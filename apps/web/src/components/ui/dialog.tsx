import { type ReactNode, useEffect, useId, useRef } from 'react';
import { raiseToasts } from '../../lib/toast-layer';
import { CloseIcon } from '../icons';
import { Button } from './button';
import { cn } from './cn';
import { FormError } from './form-error';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Danger dialogs get a red title. @default 'default' */
  tone?: 'default' | 'danger';
  className?: string;
  /**
   * Where focus goes on closing when the control that opened the dialog is gone (a revoked key's row).
   * @default the page's main region
   */
  returnFocus?: () => HTMLElement | null;
}

/** The first field to type in, skipping disabled and read-only ones. */
const FIRST_FIELD =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly])';

/**
 * After the dialog closed (or went away while open): back to the control that opened it, or, when that
 * is gone, somewhere on the page rather than nowhere (the document's body).
 */
function restoreFocus(opener: HTMLElement | null, fallback: (() => HTMLElement | null) | undefined) {
  // After the commit that removed things: only then is it known whether the opener is still there.
  setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const target = opener?.isConnected ? opener : (fallback?.() ?? document.getElementById('main'));
    target?.focus({ preventScroll: true });
  }, 0);
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
  returnFocus,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const opener = useRef<HTMLElement | null>(null);
  // The element ref is already cleared when an unmount's cleanup runs; this says whether it was open.
  const shown = useRef(false);
  const fallback = useRef(returnFocus);
  fallback.current = returnFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      raiseToasts();
      shown.current = true;
      // A field focused while the dialog was still closed (autoFocus) lost it: the first field to type
      // in takes it, or the title when there is none, never the close button or the page's body.
      const field = dialog.querySelector<HTMLElement>(FIRST_FIELD);
      (field ?? titleRef.current)?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      shown.current = false;
      restoreFocus(opener.current, fallback.current);
    }
  }, [open]);

  // Unmounted while open (its owner stopped rendering it): the browser does not put focus back.
  useEffect(
    () => () => {
      if (shown.current) restoreFocus(opener.current, fallback.current);
    },
    [],
  );

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
                ref={titleRef}
                id={titleId}
                tabIndex={-1}
                className={cn(
                  'text-[15px] font-semibold outline-none',
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
      <FormError>{error}</FormError>
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
