import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useShortcut } from '../../hooks/use-shortcut';
import { taskSelection } from '../../lib/task-selection';
import { CommandPalette } from './command-palette';
import { useCreateTask, useGoTo } from './navigation';
import { commandPalette, type PalettePage } from './palette-store';
import { ShortcutHelp } from './shortcut-help';

/** Ctrl+K, or ⌘K on a Mac: works even while typing, as the palette is how one leaves a field for a command. */
export function isPaletteKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
) {
  return (
    event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
  );
}

/**
 * The dashboard's keyboard: the command palette, the shortcut list ("?") and the shortcuts that work on
 * every page. Mounted once, by the dashboard shell.
 */
export function GlobalShortcuts() {
  const [helpOpen, setHelpOpen] = useState(false);
  const createTask = useCreateTask();
  const goTo = useGoTo();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteKey(event) || event.defaultPrevented) return;
      event.preventDefault();
      commandPalette.toggle();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  /** s, a, l: straight to a nested page, when there is a task to act on. */
  const openForTargets = (page: PalettePage) => {
    if (taskSelection.targets().length === 0) {
      toast('Select a task first', {
        description: 'Open a task, or select one on the board or in the list.',
      });
      return;
    }
    commandPalette.open(page);
  };

  useShortcut('/', 'Search and run commands', 'General', () => commandPalette.open());
  useShortcut('?', 'Show keyboard shortcuts', 'General', () => setHelpOpen(true));
  useShortcut('c', 'Create task', 'Tasks', () => createTask());
  useShortcut('s', 'Move to… (change status)', 'Tasks', () => openForTargets('move'));
  useShortcut('a', 'Assign to…', 'Tasks', () => openForTargets('assign'));
  useShortcut('l', 'Add label…', 'Tasks', () => openForTargets('label'));
  useShortcut('g p', 'Go to projects', 'Navigation', () => void goTo('projects'));
  useShortcut('g m', 'Go to My work', 'Navigation', () => void goTo('my-work'));
  useShortcut('g i', 'Go to Inbox', 'Navigation', () => void goTo('inbox'));

  return (
    <>
      <CommandPalette />
      <ShortcutHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}
