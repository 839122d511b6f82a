import type { ReactNode } from 'react';

/** A named list of cards, one above the other. */
export function StackList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {children}
    </ul>
  );
}
