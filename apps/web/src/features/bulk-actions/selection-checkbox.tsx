import type { MouseEvent } from 'react';
import { cn } from '../../components/ui/cn';

export interface SelectionCheckboxProps {
  taskKey: string;
  checked: boolean;
  /** Shown always (something is selected), not only on hover or focus of its card. */
  visible: boolean;
  onSelect: (event: MouseEvent<HTMLInputElement>) => void;
  className?: string;
}

/**
 * The checkbox that selects a card or row. It sits beside the link (a control inside a link is
 * neither valid nor reachable), shows on hover or focus of its `group/select` parent, and stays once
 * anything is selected so a second click has somewhere to land.
 */
export function SelectionCheckbox({
  taskKey,
  checked,
  visible,
  onSelect,
  className,
}: SelectionCheckboxProps) {
  return (
    <input
      type="checkbox"
      checked={checked}
      aria-label={`Select ${taskKey}`}
      data-select-checkbox
      // The click decides (it knows about Shift); onChange only keeps React's controlled input quiet.
      onChange={() => undefined}
      onClick={onSelect}
      className={cn(
        'size-4 shrink-0 cursor-pointer rounded accent-accent transition-opacity',
        checked || visible
          ? 'opacity-100'
          : 'opacity-0 focus-visible:opacity-100 group-focus-within/select:opacity-100 group-hover/select:opacity-100',
        className,
      )}
    />
  );
}
