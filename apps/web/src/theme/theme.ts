export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
/** The app starts dark: its audience works in terminals and editors that mostly are. */
export const DEFAULT_THEME: Theme = 'dark';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

export interface ThemeEnvironment {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  prefersLight?: () => boolean;
}

/** A stored 'light'/'dark' wins; otherwise a system preference for light; otherwise dark. */
export function resolveInitialTheme({ storage, prefersLight }: ThemeEnvironment): Theme {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    if (isTheme(stored)) return stored;
  } catch {
    // Storage can throw (privacy modes); fall through to the system preference.
  }
  return prefersLight?.() ? 'light' : DEFAULT_THEME;
}

/** The theme the light/dark switch flips to. */
export function otherTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}

/** Stores the person's choice for the next page load; storage that refuses (privacy modes) is no reason to refuse the choice. */
export function rememberTheme({ storage }: ThemeEnvironment, theme: Theme): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // The choice still applies to this page.
  }
}

/** Sets the theme class on the document root and removes the other one. */
export function applyThemeClass(root: HTMLElement, theme: Theme): void {
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
}

/** The browser's real environment; tests pass their own. */
export function browserThemeEnvironment(): ThemeEnvironment {
  // Build-time prerendering (scripts/prerender.mjs) renders without a browser: no storage, no preference.
  if (typeof window === 'undefined') return {};
  let storage: ThemeEnvironment['storage'];
  try {
    storage = window.localStorage;
  } catch {
    storage = undefined;
  }
  return {
    storage,
    prefersLight: () => window.matchMedia?.('(prefers-color-scheme: light)').matches ?? false,
  };
}
