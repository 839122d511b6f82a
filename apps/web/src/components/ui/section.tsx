import type { ReactNode } from 'react';
import { cn } from './cn';

export interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  /** Buttons or notes along the bottom edge, e.g. Save. */
  footer?: ReactNode;
  /** Danger sections have a red border and title. @default 'default' */
  tone?: 'default' | 'danger';
  /** Extra actions on the title row. */
  actions?: ReactNode;
  children?: ReactNode;
  id?: string;
}

/** A titled card of settings, Linear-style: title and explanation above, content, then a footer. */
export function SettingsSection({
  title,
  description,
  footer,
  tone = 'default',
  actions,
  children,
  id,
}: SettingsSectionProps) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'mb-6 rounded-card border bg-surface shadow-xs',
        tone === 'danger' ? 'border-danger/40' : 'border-border',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 px-5 pt-4 pb-3">
        <div className="min-w-0">
          <h2
            id={headingId}
            className={cn('text-sm font-semibold', tone === 'danger' ? 'text-danger' : 'text-foreground')}
          >
            {title}
          </h2>
          {description ? (
            <div className="mt-1 text-[13px] leading-5 text-muted-foreground">{description}</div>
          ) : null}
        </div>
        {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
      </div>
      {children ? <div className="px-5 pb-4">{children}</div> : null}
      {footer ? (
        <div className="flex flex-wrap items-center justify-end gap-3 rounded-b-card border-t border-border bg-subtle/40 px-5 py-3">
          {footer}
        </div>
      ) : null}
    </section>
  );
}
