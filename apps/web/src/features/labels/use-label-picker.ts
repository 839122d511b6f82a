import { LABEL_PALETTE, type Label } from '@switchboard/api-client/contract';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { describeError } from '../../lib/error-messages';
import { isNewLabelName, searchLabels } from './labels';
import { useCanManageLabels, useCreateLabel, useLabels } from './use-labels';

export type LabelChoice = { kind: 'label'; label: Label } | { kind: 'create'; name: string };

export type LabelPickerState = ReturnType<typeof useLabelPicker>;

/** A new label made from the picker takes the palette's colours in turn, so neighbours differ. */
function nextPaletteColor(count: number): string {
  return LABEL_PALETTE[count % LABEL_PALETTE.length]?.color ?? LABEL_PALETTE[0].color;
}

/**
 * The label picker's state: whether it is open, what is typed, which choice is active, and what
 * choosing one does (toggle a label, or create the typed one and put it on).
 */
export function useLabelPicker(
  selectedIds: readonly string[],
  onToggle: (label: Label, selected: boolean) => void,
) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { labels, loading } = useLabels(open);
  const canCreate = useCanManageLabels();
  const create = useCreateLabel();

  const choices = useMemo<LabelChoice[]>(() => {
    const found: LabelChoice[] = searchLabels(labels, query).map((label) => ({ kind: 'label', label }));
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

  const search = (text: string) => {
    setQuery(text);
    setActive(0);
  };

  const choose = (choice: LabelChoice | undefined) => {
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

  return {
    open,
    toggleOpen: () => (open ? close() : setOpen(true)),
    query,
    search,
    active,
    setActive,
    choices,
    choose,
    onKeyDown,
    labels,
    loading,
    canCreate,
    creating: create.isPending,
    rootRef,
    triggerRef,
  };
}
