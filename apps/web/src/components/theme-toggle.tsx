import { useTheme } from '../theme/theme-provider';
import { MoonIcon, SunIcon } from './icons';
import { Button, type ButtonProps } from './ui/button';

/** An icon button that switches light/dark; its name says what pressing it does. */
export function ThemeToggle(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { theme, toggleTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={toggleTheme}
      {...props}
    >
      {theme === 'dark' ? <SunIcon className="size-4" /> : <MoonIcon className="size-4" />}
    </Button>
  );
}
