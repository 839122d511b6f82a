import type { Label } from '@switchboard/api-client/contract';
import { cn } from '../../components/ui/cn';
import { useListboxIds } from '../../components/ui/listbox';
import { LabelOptions } from './label-options';
import { useLabelPicker } from './use-label-picker';

export interface LabelPickerProps {
  /** Ids of the labels that are on (the task's, or the selection's). */
  selectedIds: readonly string[];
  /** Called with a label and whether it is now on; a label made here arrives already on. */
  onToggle: (label: Label, selected: boolean) => void;
  /** The trigger's words. @default 'Add label' */
  triggerLabel?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A button that opens the organization's labels: a search box, then each label with a tick when on.
 * Click or Enter toggles one; owners and admins may create the label they typed. ArrowUp/ArrowDown move,
 * Escape closes. It only reports toggles: the caller saves them (a task's PATCH, a bulk change).
 */
export function LabelPicker({
  selectedIds,
  onToggle,
  triggerLabel = 'Add label',
  disabled,
  className,
}: LabelPickerProps) {
  const ids = useListboxIds();
  const picker = useLabelPicker(selectedIds, onToggle);
  const { choices, active } = picker;

  return (
    <div ref={picker.rootRef} className={cn('relative inline-flex', className)}>
      <button
        ref={picker.triggerRef}
        type="button"
        disabled={disabled}
        aria-expanded={picker.open}
        aria-haspopup="dialog"
        onClick={picker.toggleOpen}
        className="inline-flex h-6 items-center gap-1 rounded-md border border-dashed border-border px-2 text-[12px] text-muted-foreground hover:border-accent hover:text-foreground disabled:opacity-50"
      >
        <span aria-hidden="true">+</span>
        {triggerLabel}
      </button>
      {picker.open ? (
        <div
          role="dialog"
          aria-label="Labels"
          className="absolute top-full left-0 z-30 mt-1 flex w-64 flex-col rounded-lg border border-border bg-surface p-1.5 shadow-lg"
        >
          <input
            // biome-ignore lint/a11y/noAutofocus: the picker was opened to type in it
            autoFocus
            role="combobox"
            aria-label="Search labels"
            aria-expanded="true"
            aria-controls={ids.list}
            aria-activedescendant={choices[active] ? ids.option(active) : undefined}
            aria-autocomplete="list"
            value={picker.query}
            maxLength={50}
            placeholder={picker.canCreate ? 'Search or create…' : 'Search labels…'}
            onChange={(event) => picker.search(event.currentTarget.value)}
            onKeyDown={picker.onKeyDown}
            className="mb-1 h-8 rounded-md border border-border bg-background px-2 text-[13px] outline-none focus:border-accent"
          />
          <LabelOptions ids={ids} selectedIds={selectedIds} picker={picker} />
        </div>
      ) : null}
    </div>
  );
}
