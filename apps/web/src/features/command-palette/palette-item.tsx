import { Command } from 'cmdk';
import type { ReactNode } from 'react';
import { UserText } from '../../components/ui/user-text';

/**
 * One option of the palette's listbox. cmdk marks the highlighted one with data-selected and points the
 * input's aria-activedescendant at it; the highlight is a filled row with an accent bar, visible in
 * both themes, since focus itself stays in the input.
 */
export function PaletteItem({
  value,
  onSelect,
  children,
  detail,
  keys,
  current,
}: {
  value: string;
  onSelect: () => void;
  /** The name shown; text someone wrote is isolated (UserText) by the caller. */
  children: ReactNode;
  /** Quieter text after the name: a key, an email. */
  detail?: string;
  /** A shortcut doing the same ("g p"). */
  keys?: string;
  /** Marks the current choice (the active organization, the task's status). */
  current?: boolean;
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex h-9 cursor-pointer items-center gap-2.5 rounded-control border-l-2 border-transparent px-2.5 text-[13px] text-foreground data-[selected=true]:border-accent data-[selected=true]:bg-subtle"
    >
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {current ? <span className="text-xs text-muted-foreground">Current</span> : null}
      {detail ? (
        <span className="max-w-[45%] shrink-0 truncate text-xs text-muted-foreground">
          <UserText>{detail}</UserText>
        </span>
      ) : null}
      {keys ? <Keys keys={keys} /> : null}
    </Command.Item>
  );
}

/** "g p" as two key caps. */
export function Keys({ keys }: { keys: string }) {
  return (
    <span className="flex shrink-0 gap-1">
      {keys.split(' ').map((key, index) => (
        <kbd
          // biome-ignore lint/suspicious/noArrayIndexKey: a sequence may repeat a key, and never reorders
          key={index}
          className="grid h-5 min-w-5 place-items-center rounded border border-border bg-surface px-1 font-mono text-[11px] text-muted-foreground"
        >
          {key}
        </kbd>
      ))}
    </span>
  );
}
