import { PLAN_ITEM_LIMITS, type PlanItem } from '@switchboard/api-client/contract';
import type { AssigneeValue } from '../tasks/assignee-options';

/** The fields of an item a person may change before accepting it. */
export const EDITABLE_FIELDS = [
  'title',
  'description',
  'acceptanceCriteria',
  'priority',
  'estimateHours',
  'dependsOn',
  'assignee',
  'assigneeUserId',
  'parent',
] as const satisfies readonly (keyof PlanItem)[];

export type ItemEdit = Partial<Pick<PlanItem, (typeof EDITABLE_FIELDS)[number]>>;

/** An item while it is being edited: text as typed, so nothing is lost while it is not valid yet. */
export interface ItemDraft {
  title: string;
  description: string;
  criteria: string[];
  priority: PlanItem['priority'];
  estimate: string;
  dependsOn: string[];
  assignee: AssigneeValue;
  parent: string | null;
}

export type DraftField = 'title' | 'description' | 'criteria' | 'estimate';
export type DraftErrors = Partial<Record<DraftField, string>>;

// The server's own limits, so a kept edit is one it takes.
const { title: MAX_TITLE, description: MAX_DESCRIPTION, criteria: MAX_CRITERIA } = PLAN_ITEM_LIMITS;
const { criterion: MAX_CRITERION, estimateHours: MAX_ESTIMATE_HOURS } = PLAN_ITEM_LIMITS;

export function draftOf(item: PlanItem): ItemDraft {
  return {
    title: item.title,
    description: item.description,
    criteria: [...item.acceptanceCriteria],
    priority: item.priority,
    estimate: item.estimateHours === null ? '' : String(item.estimateHours),
    dependsOn: [...item.dependsOn],
    assignee: item.assigneeUserId
      ? { userId: item.assigneeUserId }
      : item.assignee
        ? { agent: item.assignee }
        : null,
    parent: item.parent,
  };
}

/** The estimate as hours, or why it cannot be one; empty means no estimate. */
function readEstimate(text: string): { hours: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { hours: null };
  const hours = Number(trimmed.replace(',', '.'));
  if (!Number.isFinite(hours)) return { error: 'Give the estimate in hours, such as 2 or 1.5.' };
  if (hours <= 0) return { error: 'An estimate is more than 0 hours.' };
  if (hours > MAX_ESTIMATE_HOURS) return { error: 'An estimate is at most 10,000 hours.' };
  return { hours };
}

/**
 * The draft as the item's new fields, or what is wrong with it, field by field. Blank criteria are
 * dropped: removing a line's words removes the line.
 */
export function readDraft(
  item: PlanItem,
  draft: ItemDraft,
): { ok: true; values: Required<ItemEdit> } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  const longest = MAX_TITLE[item.kind];
  if (title === '') errors.title = 'A title is required.';
  else if (title.length > longest) {
    errors.title = `A ${item.kind === 'work_unit' ? 'work unit' : 'task'} title has at most ${longest} characters.`;
  }
  if (draft.description.length > MAX_DESCRIPTION) {
    errors.description = 'A description has at most 50,000 characters.';
  }
  const criteria = draft.criteria.map((line) => line.trim()).filter((line) => line !== '');
  if (criteria.length > MAX_CRITERIA) errors.criteria = `An item has at most ${MAX_CRITERIA} criteria.`;
  else if (criteria.some((line) => line.length > MAX_CRITERION)) {
    errors.criteria = 'A criterion has at most 1,000 characters.';
  }
  // Work units add up their tasks' hours; only a task carries its own estimate.
  const estimate = item.kind === 'task' ? readEstimate(draft.estimate) : { hours: item.estimateHours };
  if ('error' in estimate) errors.estimate = estimate.error;
  if (Object.keys(errors).length > 0 || 'error' in estimate) return { ok: false, errors };
  const assignee = draft.assignee;
  return {
    ok: true,
    values: {
      title,
      description: draft.description,
      acceptanceCriteria: criteria,
      priority: draft.priority,
      estimateHours: estimate.hours,
      dependsOn: draft.dependsOn,
      assignee: assignee && 'agent' in assignee ? assignee.agent : null,
      assigneeUserId: assignee && 'userId' in assignee ? assignee.userId : null,
      parent: draft.parent,
    },
  };
}

/** The fields of `changed` that differ from the item as the plan holds it: what is still to be saved. */
export function editAgainst(original: PlanItem, changed: ItemEdit): ItemEdit {
  const edit: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) {
    if (!(field in changed)) continue;
    if (JSON.stringify(changed[field]) !== JSON.stringify(original[field])) edit[field] = changed[field];
  }
  return edit as ItemEdit;
}

/** The keys an item may wait for: any other item not chosen already. */
export function dependencyChoices(items: readonly PlanItem[], key: string, chosen: readonly string[]) {
  return items.filter((other) => other.key !== key && !chosen.includes(other.key)).map((other) => other.key);
}

/** The work units an item may sit in: never itself or one inside it. */
export function parentChoices(items: readonly PlanItem[], key: string): PlanItem[] {
  const parentOf = new Map(items.map((item) => [item.key, item.parent]));
  const inside = (candidate: string) => {
    const seen = new Set<string>();
    for (let up: string | null = candidate; up !== null && !seen.has(up); up = parentOf.get(up) ?? null) {
      if (up === key) return true;
      seen.add(up);
    }
    return false;
  };
  return items.filter((item) => item.kind === 'work_unit' && !inside(item.key));
}

/**
 * The server's refusal of a revision, item by item: each issue at `items.<index>` belongs to the item
 * sent at that index (a cycle names its first item). Issues elsewhere come back under `plan`.
 */
export function problemsByItem(
  details: unknown,
  sent: readonly Pick<PlanItem, 'key'>[],
): { items: Record<string, string>; plan: string[] } {
  const items: Record<string, string> = {};
  const plan: string[] = [];
  if (!Array.isArray(details)) return { items, plan };
  for (const issue of details) {
    if (typeof issue !== 'object' || issue === null) continue;
    const message = 'message' in issue && typeof issue.message === 'string' ? sentence(issue.message) : '';
    if (!message) continue;
    const path: unknown = 'path' in issue ? issue.path : undefined;
    const index = Array.isArray(path) && path[0] === 'items' ? path[1] : undefined;
    const key = typeof index === 'number' ? sent[index]?.key : undefined;
    if (key) items[key] = items[key] ? `${items[key]} ${message}` : message;
    else plan.push(message);
  }
  return { items, plan };
}

function sentence(message: string): string {
  const capital = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
