import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from './cn';

export interface MenuProps {
  /** What the trigger button shows. */
  trigger: ReactNode;
  /** The trigger's accessible name, when what it shows does not say it. */
  triggerLabel?: string;
  triggerClassName?: string;
  /**
   * 'menu' is the ARIA menu: its items are menuitem or menuitemradio buttons, focus moves into it on
   * opening, and Tab leaves it. 'panel' is a disclosure holding ordinary links and buttons.
   * @default 'menu'
   */
  kind?: 'menu' | 'panel';
  /** The menu's accessible name. */
  label?: string;
  className?: string;
  panelClassName?: string;
  /** The items; `close` shuts the menu and, unless told otherwise, returns focus to the trigger. */
  children: (close: (refocus?: boolean) => void) => ReactNode;
}

const FOCUSABLE_ITEMS = '[role^="menuitem"]:not([disabled]), a[href], button:not([disabled])';

function itemsOf(panel: HTMLElement | null): HTMLElement[] {
  return panel ? Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE_ITEMS)) : [];
}

/**
 * A button that opens a popup of actions. Arrow keys, Home and End move through the items; Escape
 * closes it and puts focus back on the button; a click outside closes it.
 */
export function Menu({
  trigger,
  triggerLabel,
  triggerClassName,
  kind = 'menu',
  label,
  className,
  panelClassName,
  children,
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    if (kind === 'menu') {
      // The checked item (e.g. the active organization) or the first one takes focus.
      const items = itemsOf(panelRef.current);
      (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
    }
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, kind]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsOf(panelRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab' && kind === 'menu') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div ref={containerRef} className={cn('relative', className)}>
      <button
        ref={triggerRef}
        type="button"
        aria-label={triggerLabel}
        aria-haspopup={kind === 'menu' ? 'menu' : undefined}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && kind === 'menu') {
            event.preventDefault();
            setOpen(true);
          } else if (event.key === 'Escape' && open) close();
        }}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: the role is 'menu' or 'group', both named and both keyboard-driven; the linter cannot read a role chosen at runtime. */}
      <div
        ref={panelRef}
        id={panelId}
        role={kind === 'menu' ? 'menu' : 'group'}
        aria-label={label}
        hidden={!open}
        onKeyDown={onPanelKeyDown}
        className={cn(
          'absolute z-40 rounded-card border border-border bg-popover p-1.5 shadow-lg',
          panelClassName,
        )}
      >
        {children(close)}
      </div>
    </div>
  );
}

/** The look of one row in a <Menu>. */
export const menuItemClasses =
  'flex h-9 w-full items-center gap-2.5 rounded-[calc(var(--radius-control)-2px)] px-2 text-left text-[13px] text-foreground hover:bg-subtle focus-visible:bg-subtle focus-visible:outline-none';

export function MenuSeparator() {
  return <hr className="my-1 h-px border-0 bg-border" />;
}
