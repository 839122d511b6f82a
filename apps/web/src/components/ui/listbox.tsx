import { type ReactNode, useId } from 'react';
import { cn } from './cn';

/** The ids that tie a search box to the listbox it drives: the list's, and each option's by its key. */
export interface ListboxIds {
  list: string;
  option: (key: string | number) => string;
}

/** Ids for one search box and its listbox, unique on the page. */
export function useListboxIds(): ListboxIds {
  const id = useId();
  return { list: `${id}-list`, option: (key) => `${id}-option-${key}` };
}

export interface ListboxOptionProps {
  id: string;
  selected: boolean;
  /** The option the arrow keys are on: it is highlighted, and Enter takes it. */
  active: boolean;
  /** Hovering makes this the active option, as the arrow keys do. */
  onActivate: () => void;
  onChoose: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * One option of a listbox driven from a search box (aria-activedescendant): the focus never leaves the
 * box, so the next key still reaches it; hovering makes the option active and a click chooses it.
 */
export function ListboxOption({
  id,
  selected,
  active,
  onActivate,
  onChoose,
  className,
  children,
}: ListboxOptionProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      // Keeps the focus in the search box: a blur first would close some lists before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={onActivate}
      onClick={onChoose}
      // The keys go to the search box, which has the focus; an option never does.
      onKeyDown={() => undefined}
      className={cn(className, active && 'bg-subtle')}
    >
      {children}
    </div>
  );
}
