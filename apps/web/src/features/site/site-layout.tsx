import { useRouteContext } from '@tanstack/react-router';
import { type ReactNode, useLayoutEffect } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Attribute the prerender step puts on the head tags it writes into the HTML file. */
export const PRERENDERED_HEAD_ATTRIBUTE = 'data-prerendered';

/**
 * Once the app renders, the router owns the head: the tags baked into a prerendered file the app boots
 * over (404.html) would otherwise linger (a stale <title> wins over the one React adds) after the reader
 * navigates. The public pages themselves never boot the app (scripts/prerender.mjs).
 */
function useReleasePrerenderedHead() {
  useLayoutEffect(() => {
    for (const element of document.head.querySelectorAll(`[${PRERENDERED_HEAD_ATTRIBUTE}]`)) element.remove();
  }, []);
}

/** Frame of every public page (home, blog, docs, privacy, terms). Imports nothing from the dashboard. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { config } = useRouteContext({ from: '__root__' });
  useReleasePrerenderedHead();
  return (
    <div className="flex min-h-dvh flex-1 flex-col">
      <a
        href="#content"
        className="sr-only z-50 rounded-control bg-accent px-3 py-2 text-accent-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader brandName={config.brandName} />
      <div id="content" className="flex flex-1 flex-col">
        {children}
      </div>
      <SiteFooter brandName={config.brandName} />
    </div>
  );
}
