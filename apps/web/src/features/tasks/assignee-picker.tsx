import type { Task } from '@switchboard/api-client/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef } from 'react';
import { cn } from '../../components/ui/cn';
import { useOrganizationMembers } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { agentProfilesQueryOptions } from '../agents/agents';
import { AssigneeMark } from './assignee-mark';
import { AssigneeOptionList } from './assignee-option-list';
import type { AssigneeOption, AssigneeValue, PersonChoice } from './assignee-options';
import { useAssigneeCombobox } from './use-assignee-combobox';

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
  const field = useAssigneeCombobox({
    value,
    onChange,
    people,
    agents,
    anyLabel,
    currentName,
    disabled,
  });
  const { open, active, flat, current, currentLabel } = field;

  const listId = `${id}-list`;
  const optionId = (option: AssigneeOption) => `${id}-${option.key}`;
  const activeOption = open ? flat[active] : undefined;

  return (
    <div className={cn('relative', className)}>
      <div className="flex h-8 items-center gap-2 rounded-control border border-border bg-surface px-2 shadow-xs hover:border-border-strong focus-within:border-accent">
        <AssigneeMark kind={field.currentKind} name={currentLabel} image={current?.image} />
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
          value={open ? field.query : currentLabel}
          placeholder={open ? 'Search people and agents' : undefined}
          autoComplete="off"
          spellCheck={false}
          onFocus={field.openList}
          onClick={() => {
            if (!open) field.openList();
          }}
          onBlur={field.close}
          onChange={(event) => field.type(event.currentTarget.value)}
          onKeyDown={field.onKeyDown}
          className="min-w-0 flex-1 bg-transparent text-[13px] text-foreground outline-none placeholder:text-muted-foreground/70"
        />
        {current?.kind === 'agent' ? <span className="sr-only">(agent)</span> : null}
      </div>
      {open ? (
        <AssigneeOptionList
          id={id}
          listId={listId}
          label={label}
          groups={field.groups}
          flat={flat}
          active={active}
          value={value}
          optionId={optionId}
          onActivate={field.setActive}
          onChoose={field.choose}
        />
      ) : null}
    </div>
  );
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
