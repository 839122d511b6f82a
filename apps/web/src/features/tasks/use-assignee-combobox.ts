import { type KeyboardEvent, useMemo, useState } from 'react';
import {
  type AssigneeOption,
  type AssigneeValue,
  assigneeOptions,
  type PersonChoice,
  sameAssignee,
} from './assignee-options';

function labelOf(
  value: AssigneeValue | undefined,
  options: AssigneeOption[],
  anyLabel: string | undefined,
  currentName: string | undefined,
) {
  if (value === undefined) return anyLabel ?? 'Unassigned';
  if (value === null) return 'Unassigned';
  const found = options.find((option) => sameAssignee(option.value, value));
  if (found) return found.label;
  return currentName ?? ('agent' in value ? value.agent : 'A former member');
}

function flatIndexOf(options: AssigneeOption[], value: AssigneeValue | undefined): number {
  return options.findIndex((option) => sameAssignee(option.value, value));
}

export type AssigneeComboboxState = ReturnType<typeof useAssigneeCombobox>;

/** What the assignee field offers, the current choice, and what a new choice is reported to. */
export interface AssigneeChoice {
  value: AssigneeValue | undefined;
  onChange: (value: AssigneeValue | undefined, label: string) => void;
  people: readonly PersonChoice[];
  agents: readonly string[];
  /** Offers "Any assignee" (value undefined), for filters. */
  anyLabel?: string;
  /** The current assignee's name when the lists do not hold it (yet). */
  currentName?: string;
  disabled?: boolean;
}

/**
 * The assignee field's state: whether its list is open, what is typed, which option is active, the
 * current assignee's name and kind, and the keys that move through and take an option.
 */
export function useAssigneeCombobox({
  value,
  onChange,
  people,
  agents,
  anyLabel,
  currentName,
  disabled,
}: AssigneeChoice) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const groups = useMemo(
    () => assigneeOptions({ people, agents, query: open ? query : '', anyLabel }),
    [people, agents, query, open, anyLabel],
  );
  const flat = groups.flatMap((group) => group.options);
  const all = useMemo(
    () => assigneeOptions({ people, agents, anyLabel }).flatMap((g) => g.options),
    [people, agents, anyLabel],
  );
  const currentLabel = labelOf(value, all, anyLabel, currentName);
  const current = all.find((option) => sameAssignee(option.value, value));
  const currentKind =
    value === undefined ? 'any' : value === null ? 'none' : 'agent' in value ? 'agent' : 'person';

  const openList = () => {
    if (disabled) return;
    setOpen(true);
    setQuery('');
    const selected = flatIndexOf(
      assigneeOptions({ people, agents, anyLabel }).flatMap((g) => g.options),
      value,
    );
    setActive(selected === -1 ? 0 : selected);
  };
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const isCurrent = (option: AssigneeOption) => sameAssignee(option.value, value);
  const choose = (option: AssigneeOption) => {
    close();
    if (!isCurrent(option)) onChange(option.value, option.label);
  };
  const type = (text: string) => {
    setQuery(text);
    setActive(0);
    if (!open) setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return openList();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (flat.length ? (index + step + flat.length) % flat.length : 0));
    } else if (event.key === 'Home' && open) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && open) {
      event.preventDefault();
      setActive(Math.max(0, flat.length - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!open) return openList();
      const option = flat[active];
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      if (open) {
        // Only this field's popup closes, not a dialog around it.
        event.stopPropagation();
        close();
      }
    } else if (event.key === 'Tab') {
      close();
    }
  };

  return {
    open,
    query,
    active,
    setActive,
    groups,
    flat,
    current,
    currentLabel,
    currentKind,
    isCurrent,
    openList,
    close,
    choose,
    type,
    onKeyDown,
  } as const;
}
