/** The Switchboard mark: three patch lines meeting on a board. Decorative; pair it with the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--accent)" />
      <path
        d="M8 10.5h6.5l3 5.5h6.5M8 16h16M8 21.5h6.5l3-5.5"
        fill="none"
        stroke="var(--accent-foreground)"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ brandName }: { brandName: string }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight text-foreground">
      <LogoMark className="size-6" />
      <span>{brandName}</span>
    </span>
  );
}
