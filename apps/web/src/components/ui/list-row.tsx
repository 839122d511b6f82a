import type { ReactNode } from 'react';
import { cn } from './cn';

export interface ListRowProps {
  /** The row's accessible name, e.g. an email address or a device name. */
  label: string;
  icon: ReactNode;
  /** 'dashed' marks something not yet real, e.g. a pending invitation. @default 'solid' */
  iconStyle?: 'solid' | 'dashed';
  title: ReactNode;
  /** Lines of detail under the title. */
  children?: ReactNode;
  /** Badges and buttons at the end of the row. */
  end?: ReactNode;
}

/** One row of a settings list: an icon, a title with details under it, and its actions. */
export function ListRow({ label, icon, iconStyle = 'solid', title, children, end }: ListRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-3" aria-label={label}>
      <span
        className={cn(
          'grid size-9 shrink-0 place-items-center text-muted-foreground',
          iconStyle === 'dashed'
            ? 'rounded-full border border-dashed border-border-strong'
            : 'rounded-control border border-border bg-background',
        )}
      >
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-[13px] font-medium text-foreground">{title}</p>
        {children}
      </div>
      {end}
    </li>
  );
}
