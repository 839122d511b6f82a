import type { ComponentType, ReactNode, SVGProps } from 'react';

export interface EmptyStateProps {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  /** What this page will show, and when it arrives. No placeholder data, ever. */
  children: ReactNode;
  /** The ways on: one or more buttons or links, centred in a row that wraps. */
  action?: ReactNode;
}

export function EmptyState({ icon: Icon, title, children, action }: EmptyStateProps) {
  return (
    <section className="flex flex-col items-center rounded-card border border-dashed border-border px-6 py-14 text-center">
      <span className="mb-4 grid size-11 place-items-center rounded-card border border-border bg-surface text-xl text-muted-foreground shadow-xs">
        <Icon />
      </span>
      <h2 className="text-[15px] font-semibold text-foreground">{title}</h2>
      <div className="mt-1.5 max-w-md text-sm leading-6 text-muted-foreground">{children}</div>
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </section>
  );
}
