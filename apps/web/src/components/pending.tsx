/** Shown only when a page takes longer than the pending threshold, so quick pages never flash it. */
export function Pending({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="grid min-h-[40dvh] place-items-center text-muted-foreground">
      <div className="flex items-center gap-3 text-sm">
        <span
          className="size-4 animate-spin rounded-full border-2 border-border border-t-accent"
          aria-hidden="true"
        />
        {label}
      </div>
    </div>
  );
}
