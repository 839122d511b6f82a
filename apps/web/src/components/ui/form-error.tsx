import type { ReactNode } from 'react';

/** What went wrong with a form as a whole (not one field), read out as it appears; nothing if all is well. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-[13px] text-danger">
      {children}
    </p>
  );
}
