import { LABEL_PALETTE, type Label } from '@switchboard/api-client/contract';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../components/ui/cn';
import { UserText } from '../../components/ui/user-text';
import { describeError } from '../../lib/error-messages';
import { isNewLabelName, searchLabels } from './labels';
import { useCanManageLabels, useCreateLabel, useLabels } from './use-labels';

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

type Choice = { kind: 'label'; label: Label } | { kind: 'create'; name: string };

/** A new label made from the picker takes the palette's colours in turn, so neighbours differ. */
function nextPaletteColor(count: number): string {
  return LABEL_PALETTE[count % LABEL_PALETTE.length]?.color ?? LABEL_PALETTE[0].color;
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
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { labels, loading } = useLabels(open);
  const canCreate = useCanManageLabels();
  const create = useCreateLabel();

  const choices = useMemo<Choice[]>(() => {
    const found: Choice[] = searchLabels(labels, query).map((label) => ({ kind: 'label', label }));
    if (canCreate && !loading && isNewLabelName(labels, query))
      found.push({ kind: 'create', name: query.trim() });
    return found;
  }, [labels, query, canCreate, loading]);

  // Clicking anywhere else closes it, as a menu does.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    setQuery('');
    triggerRef.current?.focus();
  };

  const choose = (choice: Choice | undefined) => {
    if (!choice) return;
    if (choice.kind === 'label') {
      onToggle(choice.label, !selectedIds.includes(choice.label.id));
      return;
    }
    create.mutate(
      { name: choice.name, color: nextPaletteColor(labels.length) },
      {
        onSuccess: (label) => {
          setQuery('');
          onToggle(label, true);
        },
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(index + 1, choices.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(choices[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  const listId = `${id}-labels`;
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div ref={rootRef} className={cn('relative inline-flex', className)}>
      <button
        ref={triggerRef}
        type="button"
        disabled={disabled}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => (open ? close() : setOpen(true))}
        className="inline-flex h-6 items-center gap-1 rounded-md border border-dashed border-border px-2 text-[12px] text-muted-foreground hover:border-accent hover:text-foreground disabled:opacity-50"
      >
        <span aria-hidden="true">+</span>
        {triggerLabel}
      </button>
      {open ? (
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
            aria-controls={listId}
            aria-activedescendant={choices[active] ? optionId(active) : undefined}
            aria-autocomplete="list"
            value={query}
            maxLength={50}
            placeholder={canCreate ? 'Search or create…' : 'Search labels…'}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className="mb-1 h-8 rounded-md border border-border bg-background px-2 text-[13px] outline-none focus:border-accent"
          />
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
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(choice)}
                  onKeyDown={() => undefined}
                  className={cn(
                    'flex h-8 cursor-pointer items-center gap-2 rounded-md px-2 text-[13px]',
                    index === active && 'bg-subtle',
                  )}
                >
                  {choice.kind === 'label' ? (
                    <>
                      <span
                        aria-hidden="true"
                        className="size-2.5 shrink-0 rounded-full"
                        style={{ backgroundColor: choice.label.color }}
                      />
                      <span className="min-w-0 flex-1 truncate">
                        <UserText>{choice.label.name}</UserText>
                      </span>
                      <span aria-hidden="true" className="text-accent">
                        {selected ? '✓' : ''}
                      </span>
                    </>
                  ) : (
                    <span className="truncate text-muted-foreground">
                      {create.isPending ? 'Creating…' : 'Create label '}
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
        </div>
      ) : null}
    </div>
  );
}
