import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeBlock } from '../features/site/code-block';
import { SiteThemeToggle } from '../features/site/site-theme-toggle';
import { TableOfContents } from '../features/site/table-of-contents';
import { ThemeProvider } from '../theme/theme-provider';
import {
  enhanceCopyButtons,
  enhanceTableOfContents,
  enhanceThemeToggle,
  startAnalytics,
} from './enhancements';

const { initAnalytics } = vi.hoisted(() => ({ initAnalytics: vi.fn(async () => null) }));
vi.mock('../lib/analytics', () => ({ initAnalytics }));

// The enhancements work on the markup the site's React components render at build time, so the tests
// render those components to HTML exactly as scripts/prerender.mjs does and enhance a fresh document.

function pageWith(markup: string, themeClass = 'dark'): Document {
  const page = document.implementation.createHTMLDocument('');
  page.documentElement.className = themeClass;
  page.body.innerHTML = markup;
  return page;
}

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: vi.fn((key: string) => values.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void values.set(key, value)),
  };
}

/** What prerendering writes: the provider has no storage at build time, so the page says 'dark'. */
const toggleMarkup = () =>
  renderToStaticMarkup(
    <ThemeProvider environment={{}}>
      <SiteThemeToggle />
    </ThemeProvider>,
  );

function click(element: Element | null | undefined) {
  if (!element) throw new Error('nothing to click');
  element.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}

describe('theme toggle', () => {
  it('flips the root class, remembers the choice and renames the button', () => {
    const page = pageWith(toggleMarkup());
    const storage = memoryStorage();
    enhanceThemeToggle(page, { storage, prefersLight: () => false });
    const button = page.querySelector('button');
    expect(button?.getAttribute('aria-label')).toBe('Switch to light theme');

    click(button?.querySelector('svg'));
    expect(page.documentElement.classList.contains('light')).toBe(true);
    expect(page.documentElement.classList.contains('dark')).toBe(false);
    expect(storage.setItem).toHaveBeenCalledWith('theme', 'light');
    expect(button?.getAttribute('aria-label')).toBe('Switch to dark theme');
    expect(button?.getAttribute('title')).toBe('Switch to dark theme');

    click(button);
    expect(page.documentElement.className).toBe('dark');
    expect(storage.setItem).toHaveBeenLastCalledWith('theme', 'dark');
  });

  it('starts from the stored choice, then the system preference, like the app', () => {
    const stored = pageWith(toggleMarkup());
    enhanceThemeToggle(stored, { storage: memoryStorage({ theme: 'light' }), prefersLight: () => false });
    expect(stored.documentElement.className).toBe('light');
    expect(stored.querySelector('button')?.getAttribute('aria-label')).toBe('Switch to dark theme');

    const preferred = pageWith(toggleMarkup());
    enhanceThemeToggle(preferred, { storage: memoryStorage(), prefersLight: () => true });
    expect(preferred.documentElement.className).toBe('light');
  });

  it('still switches when storage refuses to remember', () => {
    const page = pageWith(toggleMarkup());
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    enhanceThemeToggle(page, { storage });
    click(page.querySelector('button'));
    expect(page.documentElement.className).toBe('light');
  });

  it('shows the icon of the other theme through CSS, without a script', () => {
    const markup = toggleMarkup();
    expect(markup).toContain('data-theme-toggle=""');
    // Sun in dark mode, moon in light mode: `dark:block` and `dark:hidden` pick one.
    expect(markup.match(/class="[^"]*dark:(block|hidden)[^"]*"/g)).toHaveLength(2);
  });
});

describe('copy buttons', () => {
  const blockMarkup = () =>
    renderToStaticMarkup(
      <>
        <CodeBlock data-language="bash">
          <code>pnpm install &amp;&amp; pnpm start{'\n'}</code>
        </CodeBlock>
        <CodeBlock data-language="text">
          <code>second block</code>
        </CodeBlock>
      </>,
    );

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('copies exactly the text shown and says so for two seconds', async () => {
    const page = pageWith(blockMarkup());
    const writeText = vi.fn(async () => undefined);
    enhanceCopyButtons(page, () => ({ writeText }));
    const [first, second] = page.querySelectorAll('[data-code-block]');
    const button = first?.querySelector('button');
    expect(button?.getAttribute('aria-label')).toBe('Copy code');

    click(button?.querySelector('svg'));
    await vi.waitFor(() => expect(button?.getAttribute('aria-label')).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('pnpm install && pnpm start');
    expect(button?.hasAttribute('data-copied')).toBe(true);
    expect(first?.querySelector('[data-copy-status]')?.textContent).toBe('Copied to clipboard');
    expect(second?.querySelector('button')?.getAttribute('aria-label')).toBe('Copy code');

    vi.advanceTimersByTime(2000);
    expect(button?.getAttribute('aria-label')).toBe('Copy code');
    expect(button?.hasAttribute('data-copied')).toBe(false);
    expect(first?.querySelector('[data-copy-status]')?.textContent).toBe('');

    click(second?.querySelector('button'));
    await vi.waitFor(() => expect(writeText).toHaveBeenLastCalledWith('second block'));
  });

  it('changes nothing when the clipboard refuses', async () => {
    const page = pageWith(blockMarkup());
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    enhanceCopyButtons(page, () => ({ writeText }));
    const button = page.querySelector('[data-copy-code]');
    click(button);
    await vi.waitFor(() => expect(writeText).toHaveBeenCalled());
    await Promise.resolve();
    expect(button?.getAttribute('aria-label')).toBe('Copy code');
  });
});

describe('table of contents', () => {
  it('marks the link of the heading nearest the top of the window', () => {
    const toc = renderToStaticMarkup(
      <TableOfContents
        toc={[
          { id: 'install', title: 'Install', depth: 2 },
          { id: 'run-it', title: 'Run it', depth: 2 },
        ]}
      />,
    );
    const page = pageWith(`${toc}<h2 id="install">Install</h2><h2 id="run-it">Run it</h2>`);
    let report: IntersectionObserverCallback = () => undefined;
    const observed: string[] = [];
    class FakeObserver {
      constructor(callback: IntersectionObserverCallback) {
        report = callback;
      }
      observe(element: Element) {
        observed.push(element.id);
      }
    }
    enhanceTableOfContents(page, FakeObserver as unknown as typeof IntersectionObserver);
    expect(observed).toEqual(['install', 'run-it']);

    const entry = (id: string, top: number, isIntersecting = true) =>
      ({
        target: page.getElementById(id),
        isIntersecting,
        boundingClientRect: { top },
      }) as unknown as IntersectionObserverEntry;
    const active = () =>
      [...page.querySelectorAll('[data-toc] a[data-active]')].map((link) => link.getAttribute('href'));

    report([entry('run-it', 40), entry('install', 10, false)], {} as IntersectionObserver);
    expect(active()).toEqual(['#run-it']);
    report([entry('install', 5)], {} as IntersectionObserver);
    expect(active()).toEqual(['#install']);
    report([entry('install', 5, false)], {} as IntersectionObserver);
    expect(active()).toEqual(['#install']);
  });
});

describe('analytics', () => {
  const answer = (body: unknown, ok = true) =>
    vi.fn(async () => ({ ok, json: async () => body }) as Response) as unknown as typeof fetch;

  beforeEach(() => initAnalytics.mockClear());

  it('starts PostHog with the configured key and host', async () => {
    await startAnalytics(answer({ posthogKey: 'phc_test', posthogHost: 'https://eu.i.posthog.com' }));
    expect(initAnalytics).toHaveBeenCalledWith({
      posthogKey: 'phc_test',
      posthogHost: 'https://eu.i.posthog.com',
    });
  });

  it('does nothing without a key or a configuration', async () => {
    await startAnalytics(answer({ posthogKey: '' }));
    await startAnalytics(answer({ brandName: 'Switchboard' }));
    await startAnalytics(answer({}, false));
    expect(initAnalytics).not.toHaveBeenCalled();
  });
});
