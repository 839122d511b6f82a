import { Dialog } from '../../components/ui/dialog';
import { useShortcutList } from '../../hooks/use-shortcut';
import type { ShortcutBinding } from '../../lib/shortcuts';
import { Keys } from './palette-item';

/** Shortcuts with modifiers belong to no registry binding (the registry ignores them), so they are listed here. */
const MODIFIER_SHORTCUTS: readonly Pick<ShortcutBinding, 'keys' | 'description' | 'group'>[] = [
  { keys: 'Ctrl K', description: 'Open the command palette (⌘ K on a Mac)', group: 'General' },
];

/** The shortcut bindings in groups, General first, each group in the order its shortcuts were bound. */
export function groupShortcuts(
  bindings: readonly Pick<ShortcutBinding, 'keys' | 'description' | 'group'>[],
): { group: string; shortcuts: Pick<ShortcutBinding, 'keys' | 'description'>[] }[] {
  const groups = new Map<string, Pick<ShortcutBinding, 'keys' | 'description'>[]>();
  for (const { keys, description, group } of [...MODIFIER_SHORTCUTS, ...bindings]) {
    groups.set(group, [...(groups.get(group) ?? []), { keys, description }]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === 'General' ? -1 : b === 'General' ? 1 : 0))
    .map(([group, shortcuts]) => ({ group, shortcuts }));
}

/** "?": every shortcut bound on this page, so what the list says is always what works here. */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const bindings = useShortcutList();
  // The registry lists the newest binding first; people read a list oldest (most general) first.
  const groups = groupShortcuts([...bindings].reverse());
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      description="Single keys work anywhere but in a text field."
      className="w-[min(34rem,calc(100vw-2rem))]"
    >
      <div className="flex max-h-[60vh] flex-col gap-4 overflow-y-auto">
        {groups.map(({ group, shortcuts }) => (
          <section key={group} aria-label={group}>
            <h3 className="pb-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
              {group}
            </h3>
            <dl className="flex flex-col">
              {shortcuts.map((shortcut) => (
                <div key={shortcut.keys} className="flex h-8 items-center justify-between gap-4 text-[13px]">
                  <dt className="text-foreground">{shortcut.description}</dt>
                  <dd>
                    <Keys keys={shortcut.keys} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
