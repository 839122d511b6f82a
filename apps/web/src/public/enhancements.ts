/**
 * What the prerendered public pages (home, blog, docs, privacy, terms) do in the browser without the
 * app: they are served as static HTML plus this code (enhance.ts), never the React app (to keep their
 * JavaScript budget). Links between them are ordinary page loads. Each function here mirrors what the
 * same React component does when the app renders a public route itself, on the markup that markup.ts names.
 * Keep imports to plain modules: anything reaching React or the router would ship to every page.
 */
import { API_BASE_PATH, CONFIG_PATH } from '@switchboard/api-client/paths';
import { initAnalytics } from '../lib/analytics';
import {
  applyThemeClass,
  browserThemeEnvironment,
  otherTheme,
  rememberTheme,
  resolveInitialTheme,
  type Theme,
  type ThemeEnvironment,
} from '../theme/theme';
import {
  CODE_BLOCK_ATTRIBUTE,
  COPIED_ATTRIBUTE,
  COPIED_FOR_MS,
  COPIED_STATUS,
  COPY_BUTTON_ATTRIBUTE,
  COPY_STATUS_ATTRIBUTE,
  codeText,
  copyButtonLabel,
  THEME_TOGGLE_ATTRIBUTE,
  TOC_ACTIVE_ATTRIBUTE,
  TOC_ATTRIBUTE,
  TOC_ROOT_MARGIN,
  themeToggleLabel,
  topmostHeading,
} from './markup';

function closest(target: EventTarget | null, selector: string): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(selector) : null;
}

/**
 * The light/dark switch, with src/theme's rules: the stored choice ('theme' in localStorage) or the
 * system preference decides the start (public/theme-init.js has already applied it before paint), and
 * a click flips the class on the root element and remembers the choice.
 */
export function enhanceThemeToggle(
  document: Document,
  environment: ThemeEnvironment = browserThemeEnvironment(),
): { theme: () => Theme } {
  const root = document.documentElement;
  let theme = resolveInitialTheme(environment);

  const show = () => {
    applyThemeClass(root, theme);
    for (const button of document.querySelectorAll(`[${THEME_TOGGLE_ATTRIBUTE}]`)) {
      const label = themeToggleLabel(theme);
      button.setAttribute('aria-label', label);
      button.setAttribute('title', label);
    }
  };

  document.addEventListener('click', (event) => {
    if (!closest(event.target, `[${THEME_TOGGLE_ATTRIBUTE}]`)) return;
    theme = otherTheme(theme);
    rememberTheme(environment, theme);
    show();
  });

  // Back/forward can show this page from the browser's cache after the theme changed on another page.
  document.defaultView?.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    theme = resolveInitialTheme(environment);
    show();
  });

  show();
  return { theme: () => theme };
}

/** Code blocks' copy buttons: copy exactly the text shown, then say 'Copied' for two seconds. */
export function enhanceCopyButtons(
  document: Document,
  clipboard: () => Pick<Clipboard, 'writeText'> | undefined = () => document.defaultView?.navigator.clipboard,
): void {
  const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

  const show = (button: HTMLElement, block: HTMLElement, copied: boolean) => {
    const label = copyButtonLabel(copied);
    button.setAttribute('aria-label', label);
    button.setAttribute('title', label);
    button.toggleAttribute(COPIED_ATTRIBUTE, copied);
    const status = block.querySelector(`[${COPY_STATUS_ATTRIBUTE}]`);
    if (status) status.textContent = copied ? COPIED_STATUS : '';
  };

  document.addEventListener('click', (event) => {
    const button = closest(event.target, `[${COPY_BUTTON_ATTRIBUTE}]`);
    const block = button?.closest<HTMLElement>(`[${CODE_BLOCK_ATTRIBUTE}]`);
    const pre = block?.querySelector('pre');
    if (!button || !block || !pre) return;
    const writer = clipboard();
    if (!writer) return;
    writer.writeText(codeText(pre)).then(
      () => {
        show(button, block, true);
        clearTimeout(timers.get(button));
        timers.set(
          button,
          setTimeout(() => show(button, block, false), COPIED_FOR_MS),
        );
      },
      // Clipboard access can be refused (permissions, insecure context); the text stays selectable.
      () => undefined,
    );
  });
}

/** "On this page": marks the link of the heading the reader has scrolled to. */
export function enhanceTableOfContents(
  document: Document,
  Observer: typeof IntersectionObserver | undefined = document.defaultView?.IntersectionObserver,
): void {
  const nav = document.querySelector(`[${TOC_ATTRIBUTE}]`);
  if (!Observer || !nav) return;
  const links = new Map<string, Element>();
  for (const link of nav.querySelectorAll('a[href^="#"]')) {
    const id = decodeURIComponent(link.getAttribute('href')?.slice(1) ?? '');
    if (id) links.set(id, link);
  }
  const observer = new Observer(
    (entries) => {
      const id = topmostHeading(entries);
      if (id === undefined) return;
      for (const [linkId, link] of links) link.toggleAttribute(TOC_ACTIVE_ATTRIBUTE, linkId === id);
    },
    { rootMargin: TOC_ROOT_MARGIN },
  );
  for (const id of links.keys()) {
    const heading = document.getElementById(id);
    if (heading) observer.observe(heading);
  }
}

/**
 * Product analytics as the app starts it (lib/analytics.ts): only when the server configured a key,
 * and PostHog itself is downloaded only then.
 */
export async function startAnalytics(fetcher: typeof fetch = fetch): Promise<void> {
  const response = await fetcher(`${API_BASE_PATH}${CONFIG_PATH}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) return;
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) return;
  const { posthogKey, posthogHost } = body as Record<string, unknown>;
  if (typeof posthogKey !== 'string' || posthogKey === '') return;
  await initAnalytics({
    posthogKey,
    ...(typeof posthogHost === 'string' && posthogHost !== '' ? { posthogHost } : {}),
  });
}

/** Everything a public page needs, once its HTML is parsed (module scripts run then). */
export function enhance(document: Document): void {
  enhanceThemeToggle(document);
  enhanceCopyButtons(document);
  enhanceTableOfContents(document);
  void startAnalytics().catch((error: unknown) => console.warn('Analytics did not start:', error));
}
