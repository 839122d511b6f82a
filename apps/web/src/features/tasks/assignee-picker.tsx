import type { Task } from '@switchboard/api-client/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cn } from '../../components/ui/cn';
import { useListboxIds } from '../../components/ui/listbox';
import { useOrganizationMembers } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { agentProfilesQueryOptions } from '../agents/agents';
import { AssigneeMark } from './assignee-mark';
import { AssigneeOptionList } from './assignee-option-list';
import { type AssigneeChoice, useAssigneeCombobox } from './use-assignee-combobox';

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

export interface AssigneeComboboxProps extends AssigneeChoice {
  /** The field's accessible name. @default 'Assignee' */
  label?: string;
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
  label = 'Assignee',
  className,
  autoFocus,
  ...choice
}: AssigneeComboboxProps) {
  const ids = useListboxIds();
  const field = useAssigneeCombobox(choice);
  const { open, active, flat, current, currentLabel } = field;
  const activeOption = open ? flat[active] : undefined;

  return (
    <div className={cn('relative', className)}>
      <div className="flex h-8 items-center gap-2 rounded-control border border-border bg-surface px-2 shadow-xs hover:border-border-strong focus-within:border-accent">
        <AssigneeMark kind={field.currentKind} name={currentLabel} image={current?.image} />
        <input
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={ids.list}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? ids.option(activeOption.key) : undefined}
          // biome-ignore lint/a11y/noAutofocus: opened on request (the palette, a shortcut), focus is the point
          autoFocus={autoFocus}
          disabled={choice.disabled}
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
      {open ? <AssigneeOptionList ids={ids} label={label} field={field} /> : null}
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
