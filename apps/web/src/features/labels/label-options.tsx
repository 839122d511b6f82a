import type { Label } from '@switchboard/api-client/contract';
import { cn } from '../../components/ui/cn';
import { UserText } from '../../components/ui/user-text';
import { LabelDot } from './label-chip';
import type { LabelChoice } from './use-label-picker';

/**
 * The picker's list: each label with a tick when on, then the offer to create the typed name; or, when
 * there is nothing to list, why.
 */
export function LabelOptions({
  listId,
  optionId,
  choices,
  active,
  selectedIds,
  labels,
  loading,
  canCreate,
  creating,
  onActivate,
  onChoose,
}: {
  listId: string;
  optionId: (index: number) => string;
  choices: readonly LabelChoice[];
  active: number;
  selectedIds: readonly string[];
  labels: readonly Label[];
  loading: boolean;
  canCreate: boolean;
  creating: boolean;
  onActivate: (index: number) => void;
  onChoose: (choice: LabelChoice) => void;
}) {
  return (
    <>
      <div
        id={listId}
        role="listbox"
        aria-label="Labels"
        aria-multiselectable="true"
        className="max-h-60 overflow-y-auto"
      >
        {choices.map((choice, index) => {
          const selected = choice.kind === 'label' && selectedIds.includes(choice.label.id);
          return (
            // Keyboard users reach the options through the search box (aria-activedescendant).
            <div
              key={choice.kind === 'label' ? choice.label.id : 'create'}
              id={optionId(index)}
              role="option"
              aria-selected={selected}
              tabIndex={-1}
              // Keeps the focus in the search box, so the next key still reaches it.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onActivate(index)}
              onClick={() => onChoose(choice)}
              onKeyDown={() => undefined}
              className={cn(
                'flex h-8 cursor-pointer items-center gap-2 rounded-md px-2 text-[13px]',
                index === active && 'bg-subtle',
              )}
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
            </div>
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
