import type { ReactNode } from 'react';

/** One labelled field of the plan item editor (a label for a control, or a caption for a group). */
export function EditorRow({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {htmlFor ? (
        <label htmlFor={htmlFor} className="text-[12px] font-medium text-muted-foreground">
          {label}
        </label>
      ) : (
        <span className="text-[12px] font-medium text-muted-foreground">{label}</span>
      )}
      <div className="min-w-0">{children}</div>
    </div>
  );
}
