import type { ReactNode } from 'react';

/** One titled part of the My work page, with a count and what it says when empty. */
export function MyWorkSection({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: number;
  /** Said instead of the list when there is nothing. */
  empty: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-8">
      <h2
        id={`${id}-heading`}
        className="mb-3 flex items-center gap-2 text-[14px] font-semibold text-foreground"
      >
        {title}
        <span className="rounded-full bg-subtle px-1.5 text-[11px] font-medium tabular-nums text-muted-foreground">
          {count}
        </span>
      </h2>
      {count === 0 ? (
        <p className="rounded-card border border-dashed border-border px-4 py-5 text-sm text-muted-foreground">
          {empty}
        </p>
      ) : (
        children
      )}
    </section>
  );
}
