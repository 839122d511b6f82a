import type { PlanItem } from '@switchboard/api-client/contract';
import { EDITABLE_FIELDS, type ItemEdit } from './item-draft';

type EditableField = (typeof EDITABLE_FIELDS)[number];

/** The words for each field a person edits, as the conflict dialog names them. */
const FIELD_LABELS: Record<EditableField, string> = {
  title: 'Title',
  description: 'Description',
  acceptanceCriteria: 'Acceptance criteria',
  priority: 'Priority',
  estimateHours: 'Estimate',
  dependsOn: 'Dependencies',
  assignee: 'Assignee',
  assigneeUserId: 'Assignee',
  parent: 'Work unit',
};

/** Fields whose two texts a person can merge by hand; the others are one choice or the other. */
const MERGEABLE = new Set<EditableField>(['title', 'description', 'acceptanceCriteria']);

/** One field of one item, edited here and changed by someone else since the edit began. */
export interface ItemConflict {
  key: string;
  field: EditableField;
  label: string;
  mine: string;
  theirs: string;
  mergeable: boolean;
}

/** A field's value as text: criteria a line each, nothing as "none". */
export function fieldText(field: EditableField, value: unknown): string {
  if (field === 'acceptanceCriteria' && Array.isArray(value)) return value.join('\n');
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : 'none';
  if (value === null || value === undefined || value === '') return field === 'description' ? '' : 'none';
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The first field a person edited that someone else changed too since the edit began (`bases` holds
 * each edited item as it was then). An item the other revision removed conflicts on its title.
 */
export function firstConflict(
  edits: Record<string, ItemEdit>,
  bases: Record<string, PlanItem>,
  current: readonly PlanItem[],
): ItemConflict | null {
  const byKey = new Map(current.map((item) => [item.key, item]));
  for (const [key, edit] of Object.entries(edits)) {
    const base = bases[key];
    if (!base) continue;
    const now = byKey.get(key);
    for (const field of EDITABLE_FIELDS) {
      if (!(field in edit)) continue;
      const theirs = now ? now[field] : undefined;
      if (now && same(theirs, base[field])) continue;
      if (now && same(theirs, edit[field])) continue;
      return {
        key,
        field,
        label: `${FIELD_LABELS[field]} of ${key}`,
        mine: fieldText(field, edit[field]),
        theirs: now ? fieldText(field, theirs) : '(removed from the plan)',
        mergeable: MERGEABLE.has(field) && now !== undefined,
      };
    }
  }
  return null;
}

/**
 * The edits after the person chose: `text` keeps theirs (or their merge, for a text field), null takes
 * the other. Either way the field's starting point becomes the value now saved, which they have seen.
 */
export function resolveConflict(
  edits: Record<string, ItemEdit>,
  bases: Record<string, PlanItem>,
  conflict: ItemConflict,
  current: readonly PlanItem[],
  text: string | null,
): { edits: Record<string, ItemEdit>; bases: Record<string, PlanItem> } {
  const { key, field } = conflict;
  const now = current.find((item) => item.key === key);
  const { [field]: mine, ...others } = edits[key] ?? {};
  let edit: ItemEdit = others;
  if (text !== null) {
    const merged =
      field === 'acceptanceCriteria'
        ? text
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line !== '')
        : text;
    edit = { ...others, [field]: conflict.mergeable && text !== conflict.mine ? merged : mine };
  }
  const nextEdits = { ...edits };
  if (Object.keys(edit).length > 0 && now) nextEdits[key] = edit;
  else delete nextEdits[key];
  const nextBases = { ...bases };
  if (now) nextBases[key] = { ...(bases[key] ?? now), [field]: now[field] };
  return { edits: nextEdits, bases: nextBases };
}
