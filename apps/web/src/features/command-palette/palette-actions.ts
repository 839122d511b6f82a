import type { PalettePage } from './palette-store';

/** Everything the palette can do from its start page, besides opening what the search found. */
export type PaletteActionId =
  | 'create-task'
  | 'move'
  | 'assign'
  | 'label'
  | 'switch-organization'
  | 'toggle-theme'
  | 'go-home'
  | 'go-projects'
  | 'go-my-work'
  | 'go-inbox'
  | 'go-settings';

export interface PaletteAction {
  id: PaletteActionId;
  label: string;
  group: 'Tasks' | 'Organization' | 'Navigation' | 'Preferences';
  /** The shortcut that does the same, shown beside it ("g p"). */
  keys?: string;
  /** Other words it answers to. */
  keywords: readonly string[];
  /** A nested page of the palette it opens, rather than doing something at once. */
  opens?: PalettePage;
}

export interface PaletteActionContext {
  /** How many tasks an action would apply to (taskSelection.targets()). */
  targetCount: number;
  /** Labels can be added (the organization has some). */
  labelsAvailable: boolean;
  theme: 'light' | 'dark';
}

/** The start page's actions in this situation: task actions only when some task is targeted. */
export function paletteActions(context: PaletteActionContext): PaletteAction[] {
  const targets = context.targetCount;
  const which = targets > 1 ? ` (${targets} tasks)` : '';
  const actions: PaletteAction[] = [
    { id: 'create-task', label: 'Create task', group: 'Tasks', keys: 'c', keywords: ['new', 'add', 'issue'] },
  ];
  if (targets > 0) {
    actions.push(
      {
        id: 'move',
        label: `Move to…${which}`,
        group: 'Tasks',
        keys: 's',
        keywords: ['status', 'column', 'done'],
        opens: 'move',
      },
      {
        id: 'assign',
        label: `Assign to…${which}`,
        group: 'Tasks',
        keys: 'a',
        keywords: ['assignee', 'agent', 'person', 'owner'],
        opens: 'assign',
      },
    );
    if (context.labelsAvailable)
      actions.push({
        id: 'label',
        label: `Add label…${which}`,
        group: 'Tasks',
        keys: 'l',
        keywords: ['tag'],
        opens: 'label',
      });
  }
  actions.push(
    {
      id: 'switch-organization',
      label: 'Switch organization…',
      group: 'Organization',
      keywords: ['workspace', 'team', 'change'],
      opens: 'organization',
    },
    { id: 'go-home', label: 'Go to home', group: 'Navigation', keywords: ['dashboard', 'overview'] },
    { id: 'go-projects', label: 'Go to projects', group: 'Navigation', keys: 'g p', keywords: ['boards'] },
    {
      id: 'go-my-work',
      label: 'Go to My work',
      group: 'Navigation',
      keys: 'g m',
      keywords: ['assigned', 'mine'],
    },
    { id: 'go-inbox', label: 'Go to Inbox', group: 'Navigation', keys: 'g i', keywords: ['notifications'] },
    { id: 'go-settings', label: 'Go to settings', group: 'Navigation', keywords: ['preferences', 'account'] },
    {
      id: 'toggle-theme',
      label: context.theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme',
      group: 'Preferences',
      keywords: ['theme', 'dark', 'light', 'mode', 'appearance'],
    },
  );
  return actions;
}

/** Every word typed must begin a word of the label or keywords: "mo do" finds "Move to…", "sw th" the theme. */
export function matchesQuery(text: string, keywords: readonly string[], query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [text, ...keywords]
    .join(' ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.every((word) => haystack.some((candidate) => candidate.startsWith(word)));
}

/** The actions matching what was typed, in their order. */
export function filterActions(actions: readonly PaletteAction[], query: string): PaletteAction[] {
  return actions.filter((action) => matchesQuery(action.label, action.keywords, query));
}

/** Whether the actions go above the search results: when some action answers to the words typed. */
export function actionsFirst(query: string, matchingActions: number): boolean {
  return query.trim() === '' || matchingActions > 0;
}
