import { type KeyboardEvent, useRef } from 'react';

export type AuthMode = 'sign-in' | 'sign-up';

const tabs: Array<{ mode: AuthMode; label: string }> = [
  { mode: 'sign-in', label: 'Sign in' },
  { mode: 'sign-up', label: 'Sign up' },
];

/** The two tabs over the email form, sign in and sign up; arrow keys move between them. */
export function AuthModeTabs({
  mode,
  tabsId,
  panelId,
  onSwitch,
}: {
  mode: AuthMode;
  /** Each tab's id is this and its mode, so the panel can name the selected one. */
  tabsId: string;
  panelId: string;
  onSwitch: (mode: AuthMode) => void;
}) {
  const tabRefs = useRef<Record<AuthMode, HTMLButtonElement | null>>({ 'sign-in': null, 'sign-up': null });

  // Tabs pattern: arrow keys move between the two tabs.
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: AuthMode = mode === 'sign-in' ? 'sign-up' : 'sign-in';
    onSwitch(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Sign in or sign up"
      className="mb-5 grid grid-cols-2 gap-1 rounded-control bg-subtle p-1"
    >
      {tabs.map((tab) => {
        const selected = tab.mode === mode;
        return (
          <button
            key={tab.mode}
            ref={(element) => {
              tabRefs.current[tab.mode] = element;
            }}
            type="button"
            role="tab"
            id={`${tabsId}-${tab.mode}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSwitch(tab.mode)}
            onKeyDown={onTabKeyDown}
            className={
              selected
                ? 'h-8 rounded-[calc(var(--radius-control)-2px)] bg-surface text-sm font-medium text-foreground shadow-xs'
                : 'h-8 rounded-[calc(var(--radius-control)-2px)] text-sm font-medium text-muted-foreground hover:text-foreground'
            }
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
