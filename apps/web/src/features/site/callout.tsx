import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn';
import { HammerIcon, InfoIcon } from './site-icons';

export type CalloutType = 'note' | 'planned' | 'warning';

const STYLES: Record<CalloutType, string> = {
  note: 'border-border bg-surface',
  planned: 'border-accent/40 bg-accent/8',
  warning: 'border-danger/40 bg-danger/8',
};

/** A highlighted aside in an article. `planned` marks work that is not built yet. */
export function Callout({
  type = 'note',
  title,
  children,
}: {
  type?: CalloutType;
  title?: string;
  children: ReactNode;
}) {
  const Icon = type === 'planned' ? HammerIcon : InfoIcon;
  return (
    <aside
      className={cn('my-6 flex gap-3 rounded-card border px-4 py-3 text-sm leading-6', STYLES[type])}
      data-callout={type}
    >
      <Icon
        className={cn('mt-1 size-4 shrink-0', type === 'planned' ? 'text-accent' : 'text-muted-foreground')}
      />
      <div className="min-w-0 [&>p]:m-0 [&>p+p]:mt-2">
        {title ? <p className="font-semibold text-foreground">{title}</p> : null}
        <div className="text-muted-foreground [&_a]:text-foreground [&_a]:underline [&_code]:font-mono [&_code]:text-[0.9em] [&_code]:text-foreground [&>p]:m-0">
          {children}
        </div>
      </div>
    </aside>
  );
}
