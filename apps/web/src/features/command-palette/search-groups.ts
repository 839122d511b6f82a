import type { SearchKind, SearchResult } from '@switchboard/api-client/contract';

/** Where choosing a result leads. */
export type Destination =
  | { page: 'project'; projectId: string }
  | { page: 'task'; projectId: string; taskKey: string }
  | { page: 'work-unit'; projectId: string; workUnitId: string }
  | { page: 'members' }
  | { page: 'agents' };

export interface ResultItem {
  /** Unique among all palette items (cmdk's value). */
  value: string;
  label: string;
  /** The key, slug or email shown beside the label. */
  detail: string;
  destination: Destination;
}

export interface ResultGroup {
  kind: SearchKind;
  heading: string;
  items: ResultItem[];
}

const HEADINGS: Record<SearchKind, string> = {
  project: 'Projects',
  task: 'Tasks',
  workUnit: 'Work units',
  person: 'People',
  agent: 'Agents',
};

/** When nothing stands out, the order people look for things in. */
const DEFAULT_ORDER: readonly SearchKind[] = ['task', 'project', 'workUnit', 'person', 'agent'];

export function resultItem(result: SearchResult): ResultItem {
  switch (result.kind) {
    case 'project':
      return {
        value: `project:${result.id}`,
        label: result.name,
        detail: result.key,
        destination: { page: 'project', projectId: result.id },
      };
    case 'task':
      return {
        value: `task:${result.id}`,
        label: result.title,
        detail: result.key,
        destination: { page: 'task', projectId: result.projectId, taskKey: result.key },
      };
    case 'workUnit':
      return {
        value: `work-unit:${result.id}`,
        label: result.title,
        detail: result.slug,
        destination: { page: 'work-unit', projectId: result.projectId, workUnitId: result.id },
      };
    case 'person':
      return {
        value: `person:${result.id}`,
        label: result.name,
        detail: result.email,
        destination: { page: 'members' },
      };
    case 'agent':
      return {
        value: `agent:${result.id}`,
        label: result.name,
        detail: result.description,
        destination: { page: 'agents' },
      };
  }
}

/** How closely a result's name or key matches: 0 the same, 1 starts with the query, 2 anything else. */
export function closeness(result: SearchResult, query: string): number {
  const wanted = query.trim().toLowerCase();
  const names = namesOf(result).map((name) => name.toLowerCase());
  if (names.some((name) => name === wanted)) return 0;
  if (names.some((name) => name.startsWith(wanted))) return 1;
  return 2;
}

function namesOf(result: SearchResult): string[] {
  switch (result.kind) {
    case 'project':
      return [result.name, result.key];
    case 'task':
      return [result.title, result.key];
    case 'workUnit':
      return [result.title, result.slug];
    case 'person':
      return [result.name, result.email];
    case 'agent':
      return [result.name];
  }
}

/**
 * The server's results in groups by kind, each group in the server's order (best first). The group
 * holding the closest match comes first, so "backend-dev" puts Agents on top and "SWB" Projects; the
 * rest keep the usual order.
 */
export function groupSearchResults(results: readonly SearchResult[], query: string): ResultGroup[] {
  const byKind = new Map<SearchKind, SearchResult[]>();
  for (const result of results) byKind.set(result.kind, [...(byKind.get(result.kind) ?? []), result]);
  const best = (kind: SearchKind) =>
    Math.min(...(byKind.get(kind) ?? []).map((result) => closeness(result, query)));
  return DEFAULT_ORDER.filter((kind) => byKind.has(kind))
    .map((kind, order) => ({ kind, order, best: best(kind) }))
    .sort((a, b) => a.best - b.best || a.order - b.order)
    .map(({ kind }) => ({
      kind,
      heading: HEADINGS[kind],
      items: (byKind.get(kind) ?? []).map(resultItem),
    }));
}

/** What a screen reader hears after the results change. */
export function resultsAnnouncement(count: number, searching: boolean): string {
  if (searching) return 'Searching…';
  if (count === 0) return 'No results';
  return count === 1 ? '1 result' : `${count} results`;
}
