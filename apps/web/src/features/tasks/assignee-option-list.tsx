import { cn } from '../../components/ui/cn';
import { type ListboxIds, ListboxOption } from '../../components/ui/listbox';
import { AssigneeMark } from './assignee-mark';
import type { AssigneeComboboxState } from './use-assignee-combobox';

/**
 * The assignee field's open list: "People" then "Agents", each option with its kind shown and the
 * current one in bold; or that nobody matches what was typed.
 */
export function AssigneeOptionList({
  ids,
  label,
  field,
}: {
  ids: ListboxIds;
  label: string;
  field: AssigneeComboboxState;
}) {
  const { groups, flat, active } = field;
  return (
    <div
      id={ids.list}
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
          aria-labelledby={group.heading ? `${ids.list}-${group.heading}` : undefined}
        >
          {group.heading ? (
            <p
              id={`${ids.list}-${group.heading}`}
              className="px-2 pt-2 pb-1 text-[11px] font-medium uppercase tracking-wide text-muted-foreground"
            >
              {group.heading}
            </p>
          ) : null}
          {group.options.map((option) => {
            const index = flat.indexOf(option);
            const selected = field.isCurrent(option);
            return (
              <ListboxOption
                key={option.key}
                id={ids.option(option.key)}
                selected={selected}
                active={index === active}
                onActivate={() => field.setActive(index)}
                onChoose={() => field.choose(option)}
                className={cn(
                  'flex cursor-default items-center gap-2 rounded-[5px] px-2 py-1.5 text-[13px]',
                  index === active ? 'text-foreground' : 'text-foreground/90',
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
              </ListboxOption>
            );
          })}
        </div>
      ))}
    </div>
  );
}
