import { MoonIcon, SunIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { THEME_TOGGLE_ATTRIBUTE, themeToggleLabel } from '../../public/markup';
import { useTheme } from '../../theme/theme-provider';

/**
 * The public site's light/dark switch. Its icon follows the theme class through CSS, so the
 * prerendered page shows the right one before any script runs; on a prerendered page
 * src/public/enhancements.ts handles the click and the name, in the app the theme provider does.
 */
export function SiteThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = themeToggleLabel(theme);
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={label}
      title={label}
      onClick={toggleTheme}
      {...{ [THEME_TOGGLE_ATTRIBUTE]: '' }}
    >
      <SunIcon className="hidden size-4 dark:block" />
      <MoonIcon className="size-4 dark:hidden" />
    </Button>
  );
}
