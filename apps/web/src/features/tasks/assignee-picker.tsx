import type { Task } from '@switchboard/api-client/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { cn } from '../../components/ui/cn';
import { useOrganizationMembers } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { agentProfilesQueryOptions } from '../agents/agents';
import {
  type AssigneeOption,
  type AssigneeValue,
  assigneeOptions,
  type PersonChoice,
  sameAssignee,
} from './assignee-options';
import { AgentIcon, UserIcon } from './icons';

/** A person's round avatar or an agent's bot icon: the kind of assignee is visible, not only its name. */
export function AssigneeMark({
  kind,
  name,
  image,
  className,
}: {
  kind: 'person' | 'agent' | 'none' | 'any';
  name: string;
  image?: string | null;
  className?: string;
}) {
  if (kind === 'person') return <Avatar name={name} image={image} size="xs" className={className} />;
  if (kind === 'agent')
    return (
      <span
        aria-hidden="true"
        className={cn(
          'grid size-5 shrink-0 place-items-center rounded-[5px] bg-accent/15 text-accent',
          className,
        )}
      >
        <AgentIcon className="size-3.5" />
      </span>
    );
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-5 shrink-0 place-items-center rounded-full border border-dashed border-border text-muted-foreground',
        className,
      )}
    >
      <UserIcon className="size-3" />
    </span>
  );
}

/** A task's assignee as cards and rows show it: avatar or bot icon, then the name. */
export function TaskAssignee({
  task,
  className,
}: {
  task: Pick<Task, 'assignee' | 'assigneeUser'>;
  className?: string;
}) {
  if (task.assigneeUser)
    return (
      <span className={cn('flex min-w-0 items-center gap-1.5', className)}>
        <AssigneeMark kind="person" name={task.assigneeUser.name} image={task.assigneeUser.image} />
        <span className="truncate">{task.assigneeUser.name}</span>
      </span>
    );
  if (task.assignee)
    return (
      <span className={cn('flex min-w-0 items-center gap-1.5', className)}>
        <AssigneeMark kind="agent" name={task.assignee} />
        <span className="truncate">{task.assignee}</span>
        <span className="sr-only">(agent)</span>
      </span>
    );
  return null;
}

export interface AssigneeComboboxProps {
  value: AssigneeValue | undefined;
  onChange: (value: AssigneeValue | undefined, label: string) => void;
  people: readonly PersonChoice[];
  agents: readonly string[];
  /** The field's accessible name. @default 'Assignee' */
  label?: string;
  /** Offers "Any assignee" (value undefined), for filters. */
  anyLabel?: string;
  /** The current assignee's name when the lists do not hold it (yet). */
  currentName?: string;
  disabled?: boolean;
  className?: string;
  /** Gets the focus when shown (e.g. when the palette opens it). */
  autoFocus?: boolean;
}

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

/**
 * One field to choose who does a task: a search box over "People" then "Agents", each option showing
 * its kind (avatar or bot icon, and the words for screen readers). ArrowDown/ArrowUp move through the
 * choices, Enter takes one, Escape closes without change; typing narrows the list.
 */
export function AssigneeCombobox({
  value,
  onChange,
  people,
  agents,
  label = 'Assignee',
  anyLabel,
  currentName,
  disabled,
  className,
  autoFocus,
}: AssigneeComboboxProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
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
  const choose = (option: AssigneeOption) => {
    close();
    if (!sameAssignee(option.value, value)) onChange(option.value, option.label);
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

  const listId = `${id}-list`;
  const optionId = (option: AssigneeOption) => `${id}-${option.key}`;
  const activeOption = open ? flat[active] : undefined;

  return (
    <div className={cn('relative', className)}>
      <div className="flex h-8 items-center gap-2 rounded-control border border-border bg-surface px-2 shadow-xs hover:border-border-strong focus-within:border-accent">
        <AssigneeMark kind={currentKind} name={currentLabel} image={current?.image} />
        <input
          ref={inputRef}
          id={`${id}-input`}
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
          // biome-ignore lint/a11y/noAutofocus: opened on request (the palette, a shortcut), focus is the point
          autoFocus={autoFocus}
          disabled={disabled}
          value={open ? query : currentLabel}
          placeholder={open ? 'Search people and agents' : undefined}
          autoComplete="off"
          spellCheck={false}
          onFocus={openList}
          onClick={() => {
            if (!open) openList();
          }}
          onBlur={close}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setActive(0);
            if (!open) setOpen(true);
          }}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1 bg-transparent text-[13px] text-foreground outline-none placeholder:text-muted-foreground/70"
        />
        {current?.kind === 'agent' ? <span className="sr-only">(agent)</span> : null}
      </div>
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-control border border-border bg-surface p-1 shadow-lg"
        >
          {flat.length === 0 ? (
            <p className="px-2 py-1.5 text-xs text-muted-foreground">Nobody matches.</p>
          ) : null}
          {groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox's option groups are role=group; a fieldset holds form controls
            <div
              key={group.heading ?? 'leading'}
              role="group"
              aria-labelledby={group.heading ? `${id}-${group.heading}` : undefined}
            >
              {group.heading ? (
                <p
                  id={`${id}-${group.heading}`}
                  className="px-2 pt-2 pb-1 text-[11px] font-medium uppercase tracking-wide text-muted-foreground"
                >
                  {group.heading}
                </p>
              ) : null}
              {group.options.map((option) => {
                const index = flat.indexOf(option);
                const selected = sameAssignee(option.value, value);
                return (
                  <div
                    key={option.key}
                    id={optionId(option)}
                    role="option"
                    aria-selected={selected}
                    tabIndex={-1}
                    // Keeps the focus in the field, so choosing does not blur (and close) first.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => choose(option)}
                    onKeyDown={() => undefined}
                    className={cn(
                      'flex cursor-default items-center gap-2 rounded-[5px] px-2 py-1.5 text-[13px]',
                      index === active ? 'bg-subtle text-foreground' : 'text-foreground/90',
                      selected && 'font-medium',
                    )}
                  >
                    <AssigneeMark kind={option.kind} name={option.label} image={option.image} />
                    <span className="truncate">{option.label}</span>
                    {option.kind === 'agent' ? (
                      <span className="ml-auto text-[11px] text-muted-foreground">agent</span>
                    ) : option.kind === 'person' ? (
                      <span className="sr-only">(person)</span>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function flatIndexOf(options: AssigneeOption[], value: AssigneeValue | undefined): number {
  return options.findIndex((option) => sameAssignee(option.value, value));
}

export type AssigneePickerProps = Omit<AssigneeComboboxProps, 'people' | 'agents'>;

/**
 * The assignee field with the organization's members and agent profiles loaded: `value` is
 * `{ agent }`, `{ userId }` or null (unassigned); `onChange` gets the choice and its name.
 */
export function AssigneePicker(props: AssigneePickerProps) {
  const api = useApi();
  const people = useOrganizationMembers();
  const { data: profiles } = useQuery(agentProfilesQueryOptions(api));
  const agents = useMemo(() => (profiles ?? []).map((profile) => profile.name), [profiles]);
  return <AssigneeCombobox {...props} people={people} agents={agents} />;
}
