/**
 * The markup contract between the public pages' React components (features/site) and the small
 * script that enhances their prerendered HTML (enhance.ts). Both sides read these names, so a renamed
 * attribute breaks the type check rather than a button. No React here: enhance.ts must stay tiny.
 */
import type { Theme } from '../theme/theme';

/** On the light/dark switch in the site header. */
export const THEME_TOGGLE_ATTRIBUTE = 'data-theme-toggle';

/** On the wrapper of a highlighted code block; its <pre> holds the text to copy. */
export const CODE_BLOCK_ATTRIBUTE = 'data-code-block';
/** On a code block's copy button. */
export const COPY_BUTTON_ATTRIBUTE = 'data-copy-code';
/** On the copy button while it shows that the text was copied (its icons switch on it). */
export const COPIED_ATTRIBUTE = 'data-copied';
/** On a code block's polite live region, which announces the copy. */
export const COPY_STATUS_ATTRIBUTE = 'data-copy-status';
/** How long the copy button says 'Copied'. */
export const COPIED_FOR_MS = 2000;

/** On the "On this page" navigation. */
export const TOC_ATTRIBUTE = 'data-toc';
/** On the table-of-contents link of the heading the reader is at. */
export const TOC_ACTIVE_ATTRIBUTE = 'data-active';
/** The heading counts as being read while it is in the top 30 % of the window. */
export const TOC_ROOT_MARGIN = '0px 0px -70% 0px';

/** The theme switch's name says what pressing it does. */
export function themeToggleLabel(theme: Theme): string {
  return `Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`;
}

export function copyButtonLabel(copied: boolean): string {
  return copied ? 'Copied' : 'Copy code';
}

export const COPIED_STATUS = 'Copied to clipboard';

/** The text a code block's copy button copies: exactly what is shown, without the final newline. */
export function codeText(pre: Element): string {
  return (pre.textContent ?? '').replace(/\n$/, '');
}

/**
 * Of the headings the observer reports as intersecting, the one nearest the top of the window; the
 * table of contents marks it. `undefined` keeps the current mark.
 */
export function topmostHeading(entries: readonly IntersectionObserverEntry[]): string | undefined {
  const visible = entries.filter((entry) => entry.isIntersecting);
  return visible.sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0]?.target.id;
}
