// Runs before first paint (blocking <script> in <head>) so a light-theme user never sees a dark flash.
// Mirrors resolveInitialTheme in src/theme/theme.ts: a stored 'light'/'dark' wins, then the system
// preference for light, else dark.
(() => {
  let theme = 'dark';
  try {
    const stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') theme = stored;
    else if (window.matchMedia?.('(prefers-color-scheme: light)').matches) theme = 'light';
  } catch {
    // Storage can be unavailable (privacy modes); dark stays.
  }
  const root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
})();
