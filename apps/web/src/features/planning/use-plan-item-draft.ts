import type { PlanItem } from '@switchboard/api-client/contract';
import { useRef, useState } from 'react';
import { type DraftErrors, draftOf, type ItemEdit, readDraft } from './item-draft';

export type PlanItemDraft = ReturnType<typeof draftOf>;

/**
 * The state of one plan item's editor: the draft, its errors, and keeping or cancelling it. A draft
 * that is not valid stays open with its errors and the first wrong field takes the focus.
 */
export function usePlanItemDraft(
  item: PlanItem,
  onKeep: (values: Required<ItemEdit>, begunFrom: PlanItem) => void,
  onCancel: () => void,
) {
  const [begunFrom] = useState(item);
  const [draft, setDraft] = useState(() => draftOf(item));
  const [errors, setErrors] = useState<DraftErrors>({});
  // Once kept or cancelled, a late blur (the editor leaving the page) must not keep it again.
  const closed = useRef(false);
  const ids = {
    title: `plan-item-${item.key}-title`,
    description: `plan-item-${item.key}-description`,
    priority: `plan-item-${item.key}-priority`,
    estimate: `plan-item-${item.key}-estimate`,
    parent: `plan-item-${item.key}-parent`,
  };
  const set = (change: Partial<PlanItemDraft>) => {
    setDraft({ ...draft, ...change });
    // An error goes once its field changes; the others wait for the next try.
    const cleared = { ...errors };
    for (const field of Object.keys(change)) delete cleared[field as keyof DraftErrors];
    setErrors(cleared);
  };
  const cancel = () => {
    closed.current = true;
    onCancel();
  };
  const keep = () => {
    if (closed.current) return;
    const read = readDraft(item, draft);
    if (read.ok) {
      closed.current = true;
      return onKeep(read.values, begunFrom);
    }
    setErrors(read.errors);
    const first = (['title', 'estimate', 'description'] as const).find((field) => read.errors[field]);
    if (first) document.getElementById(ids[first])?.focus();
  };
  return { draft, errors, ids, set, keep, cancel };
}
