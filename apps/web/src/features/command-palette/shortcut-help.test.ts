import { describe, expect, it } from 'vitest';
import { isPaletteKey } from './global-shortcuts';
import { groupShortcuts } from './shortcut-help';
import { statusNamed, tasksPhrase } from './target-changes';

describe('groupShortcuts', () => {
  it('lists General first with Ctrl K, and the other groups in the order they were bound', () => {
    const groups = groupShortcuts([
      { keys: 'g p', description: 'Go to projects', group: 'Navigation' },
      { keys: 'c', description: 'Create task', group: 'Tasks' },
      { keys: '?', description: 'Show keyboard shortcuts', group: 'General' },
    ]);
    expect(groups.map((group) => group.group)).toEqual(['General', 'Navigation', 'Tasks']);
    expect(groups[0]?.shortcuts.map((shortcut) => shortcut.keys)).toEqual(['Ctrl K', '?']);
  });
});

describe('isPaletteKey', () => {
  const key = (init: Partial<KeyboardEvent>) =>
    isPaletteKey({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init });
  it('is Ctrl+K or Cmd+K, nothing else', () => {
    expect(key({ ctrlKey: true })).toBe(true);
    expect(key({ metaKey: true, key: 'K' })).toBe(true);
    expect(key({})).toBe(false);
    expect(key({ ctrlKey: true, shiftKey: true })).toBe(false);
    expect(key({ ctrlKey: true, key: 'j' })).toBe(false);
  });
});

describe('target change words', () => {
  it('names one task by key and several by count', () => {
    expect(tasksPhrase(['SWB-3'])).toBe('SWB-3');
    expect(tasksPhrase(['SWB-3', 'SWB-4'])).toBe('2 tasks');
  });

  it('finds a status by name whatever its case', () => {
    const statuses = [
      {
        id: 's1',
        projectId: 'p',
        name: 'In Progress',
        category: 'in_progress' as const,
        color: '#8b8d98',
        position: 1,
      },
      { id: 's2', projectId: 'p', name: 'Done', category: 'done' as const, color: '#8b8d98', position: 2 },
    ];
    expect(statusNamed(statuses, 'done')?.id).toBe('s2');
    expect(statusNamed(statuses, 'Review')).toBeUndefined();
  });
});
