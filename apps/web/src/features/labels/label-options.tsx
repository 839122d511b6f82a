import { type ListboxIds, ListboxOption } from '../../components/ui/listbox';
import { UserText } from '../../components/ui/user-text';
import { LabelDot } from './label-chip';
import type { LabelPickerState } from './use-label-picker';

/**
 * The picker's list: each label with a tick when on, then the offer to create the typed name; or, when
 * there is nothing to list, why.
 */
export function LabelOptions({
  ids,
  selectedIds,
  picker,
}: {
  ids: ListboxIds;
  selectedIds: readonly string[];
  picker: LabelPickerState;
}) {
  const { choices, active, labels, loading, canCreate, creating } = picker;
  return (
    <>
      <div
        id={ids.list}
        role="listbox"
        aria-label="Labels"
        aria-multiselectable="true"
        className="max-h-60 overflow-y-auto"
      >
        {choices.map((choice, index) => {
          const selected = choice.kind === 'label' && selectedIds.includes(choice.label.id);
          return (
            <ListboxOption
              key={choice.kind === 'label' ? choice.label.id : 'create'}
              id={ids.option(index)}
              selected={selected}
              active={index === active}
              onActivate={() => picker.setActive(index)}
              onChoose={() => picker.choose(choice)}
              className="flex h-8 cursor-pointer items-center gap-2 rounded-md px-2 text-[13px]"
            >
              {choice.kind === 'label' ? (
                <>
                  <LabelDot color={choice.label.color} size="md" />
                  <span className="min-w-0 flex-1 truncate">
                    <UserText>{choice.label.name}</UserText>
                  </span>
                  <span aria-hidden="true" className="text-accent">
                    {selected ? '✓' : ''}
                  </span>
                </>
              ) : (
                <span className="truncate text-muted-foreground">
                  {creating ? 'Creating…' : 'Create label '}
                  <span className="text-foreground">
                    “<UserText>{choice.name}</UserText>”
                  </span>
                </span>
              )}
            </ListboxOption>
          );
        })}
      </div>
      {choices.length === 0 ? (
        <p className="px-2 py-1.5 text-[12px] text-muted-foreground">
          {loading
            ? 'Loading labels…'
            : labels.length > 0
              ? 'No label matches.'
              : canCreate
                ? 'No labels yet: type a name to create one.'
                : 'No labels yet. Owners and admins create them.'}
        </p>
      ) : null}
    </>
  );
}
