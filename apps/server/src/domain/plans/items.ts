import {
  type AuthoredItemText,
  authoredText,
  PLAN_ITEM_LIMITS,
  PLAN_MAX_ITEMS,
  type PlanItem,
} from '@switchboard/api-client/contract';
import type { OutlineItem } from './outline-item';

/** One item as an author gives it, from a list or an outline, before assignees are resolved. */
export type ItemDraft = AuthoredItemText &
  Pick<PlanItem, 'priority' | 'estimateHours' | 'dependsOn' | 'assignee'>;

export interface ItemProblem {
  path: (string | number)[];
  message: string;
}

export function draftFromOutline(item: OutlineItem): ItemDraft {
  return {
    ...authoredText(item),
    priority: item.priority ?? null,
    estimateHours: item.estimateHours ?? null,
    dependsOn: item.dependsOn,
    assignee: item.assignee ?? null,
  };
}

/**
 * What makes a set of items impossible to accept, each at its field: keys used twice, a parent that
 * is missing or is a task, a work unit inside itself, dependencies on unknown keys or going round.
 */
export function structureProblems(items: readonly ItemDraft[]): ItemProblem[] {
  const problems: ItemProblem[] = [];
  if (items.length > PLAN_MAX_ITEMS) {
    return [
      {
        path: ['items'],
        message: `a plan holds at most ${PLAN_MAX_ITEMS} items; this one has ${items.length}`,
      },
    ];
  }
  for (const [index, item] of items.entries()) {
    // The limits of the work units and tasks the items become, so accepting never meets a longer one.
    const longest = PLAN_ITEM_LIMITS.title[item.kind];
    if (item.title.length > longest) {
      problems.push({
        path: ['items', index, 'title'],
        message: `${item.key}: a ${item.kind === 'work_unit' ? 'work unit' : 'task'} title has at most ${longest} characters`,
      });
    }
    if (item.description.length > PLAN_ITEM_LIMITS.description) {
      problems.push({
        path: ['items', index, 'description'],
        message: `${item.key}: a description has at most ${PLAN_ITEM_LIMITS.description.toLocaleString('en')} characters`,
      });
    }
  }
  const byKey = new Map<string, ItemDraft>();
  for (const [index, item] of items.entries()) {
    if (byKey.has(item.key.toLowerCase())) {
      problems.push({ path: ['items', index, 'key'], message: `${item.key} is used by another item` });
    } else byKey.set(item.key.toLowerCase(), item);
  }
  const find = (key: string) => byKey.get(key.toLowerCase());
  for (const [index, item] of items.entries()) {
    if (item.parent !== null) {
      const parent = find(item.parent);
      if (!parent) {
        problems.push({ path: ['items', index, 'parent'], message: `no item has the key ${item.parent}` });
      } else if (parent.kind !== 'work_unit') {
        problems.push({
          path: ['items', index, 'parent'],
          message: `${item.parent} is a task; only work units hold items`,
        });
      } else if (insideItself(item, find)) {
        problems.push({ path: ['items', index, 'parent'], message: `${item.key} would sit inside itself` });
      }
    }
    for (const [position, key] of item.dependsOn.entries()) {
      if (!find(key)) {
        problems.push({
          path: ['items', index, 'dependsOn', position],
          message: `no item has the key ${key}`,
        });
      } else if (key.toLowerCase() === item.key.toLowerCase()) {
        problems.push({
          path: ['items', index, 'dependsOn', position],
          message: `${key} cannot wait for itself`,
        });
      }
    }
  }
  if (problems.length === 0) {
    const cycle = dependencyCycle(items);
    if (cycle) {
      problems.push({
        path: ['items', items.indexOf(cycle[0] as ItemDraft), 'dependsOn'],
        message: `dependencies go round in a circle: ${[...cycle, cycle[0]].map((item) => item?.key).join(' → ')}`,
      });
    }
  }
  return problems;
}

function insideItself(item: ItemDraft, find: (key: string) => ItemDraft | undefined): boolean {
  const seen = new Set<string>();
  for (let up = item.parent; up; up = find(up)?.parent ?? null) {
    if (up.toLowerCase() === item.key.toLowerCase() || seen.has(up.toLowerCase())) return true;
    seen.add(up.toLowerCase());
  }
  return false;
}

function dependencyCycle(items: readonly ItemDraft[]): ItemDraft[] | undefined {
  const byKey = new Map(items.map((item) => [item.key.toLowerCase(), item]));
  const state = new Map<ItemDraft, 'visiting' | 'done'>();
  const path: ItemDraft[] = [];
  const visit = (item: ItemDraft): ItemDraft[] | undefined => {
    state.set(item, 'visiting');
    path.push(item);
    for (const key of item.dependsOn) {
      const next = byKey.get(key.toLowerCase());
      if (!next) continue;
      if (state.get(next) === 'visiting') return path.slice(path.indexOf(next));
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(item, 'done');
    return undefined;
  };
  for (const item of items) {
    if (state.has(item)) continue;
    const found = visit(item);
    if (found) return found;
  }
  return undefined;
}

/** The items with every parent and dependency spelled as the key it names (keys match in any case). */
export function withCanonicalKeys(items: readonly ItemDraft[]): ItemDraft[] {
  const keyOf = new Map(items.map((item) => [item.key.toLowerCase(), item.key]));
  const canonical = (key: string) => keyOf.get(key.toLowerCase()) ?? key;
  return items.map((item) => ({
    ...item,
    parent: item.parent === null ? null : canonical(item.parent),
    dependsOn: [...new Set(item.dependsOn.map(canonical))],
  }));
}
