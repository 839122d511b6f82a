import { createContext, type ReactNode, use, useCallback, useLayoutEffect, useMemo, useState } from 'react';
import {
  applyThemeClass,
  browserThemeEnvironment,
  otherTheme,
  rememberTheme,
  resolveInitialTheme,
  type Theme,
  type ThemeEnvironment,
} from './theme';

export interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export interface ThemeProviderProps {
  children: ReactNode;
  /** Where the choice is read and stored, and the system preference. @default the browser's */
  environment?: ThemeEnvironment;
  /** The element that carries the theme class. @default document.documentElement */
  root?: HTMLElement;
}

export function ThemeProvider({ children, environment, root }: ThemeProviderProps) {
  const env = useMemo(() => environment ?? browserThemeEnvironment(), [environment]);
  const [theme, setThemeState] = useState<Theme>(() => resolveInitialTheme(env));

  // Layout effect: the class must be right before the browser paints the first frame.
  useLayoutEffect(() => {
    applyThemeClass(root ?? document.documentElement, theme);
  }, [theme, root]);

  const setTheme = useCallback(
    (next: Theme) => {
      setThemeState(next);
      rememberTheme(env, next);
    },
    [env],
  );
  const toggleTheme = useCallback(() => setTheme(otherTheme(theme)), [theme, setTheme]);

  const value = useMemo(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const context = use(ThemeContext);
  if (!context) throw new Error('useTheme must be used within a ThemeProvider');
  return context;
}
