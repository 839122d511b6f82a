import { createRootRouteWithContext, HeadContent, Outlet, useRouterState } from '@tanstack/react-router';
import { type ComponentType, useEffect, useState } from 'react';
import { defaultHead } from '../lib/seo';
import type { RouterContext } from '../router-context';
import { ThemeProvider } from '../theme/theme-provider';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: ({ match, matches }) => {
    const leaf = matches.at(-1);
    const canonicalPath = leaf?.staticData?.selfCanonical ? leaf.pathname : '/';
    return defaultHead(match.context.config, canonicalPath);
  },
  component: RootLayout,
});

/** Every page sits in the theme provider and a full-size background container. */
function RootLayout() {
  return (
    <ThemeProvider>
      <HeadContent />
      <div className="flex min-h-dvh w-full flex-col bg-background text-foreground">
        <Outlet />
      </div>
      <LazyToaster />
    </ThemeProvider>
  );
}

/**
 * The parts of the app that show toasts. The public pages never do, so they do not download the toast
 * library (their JavaScript must stay small); a page that starts toasting must be matched here.
 */
const TOASTING_PATHS = /^\/(dashboard|auth|oauth)(\/|$)/;

/**
 * The one toast area (components/toaster.tsx), loaded once the visitor reaches a part of the app that
 * toasts, and kept from then on so a toast survives the navigation that follows it (e.g. 'Signed out').
 */
function LazyToaster() {
  const needed = useRouterState({ select: (state) => TOASTING_PATHS.test(state.location.pathname) });
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!needed || Toaster) return;
    let current = true;
    import('../components/toaster')
      .then(({ AppToaster }) => {
        if (current) setToaster(() => AppToaster);
      })
      // Toasts only repeat what the page shows; without the chunk the page still works.
      .catch((error: unknown) => console.warn('The toast area did not load:', error));
    return () => {
      current = false;
    };
  }, [needed, Toaster]);
  return Toaster ? <Toaster /> : null;
}
