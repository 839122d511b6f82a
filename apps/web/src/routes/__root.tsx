import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { AppToaster } from '../components/toaster';
import { defaultHead } from '../lib/seo';
import type { RouterContext } from '../router';
import { ThemeProvider } from '../theme/theme-provider';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: ({ match, matches }) => {
    const leaf = matches.at(-1);
    const canonicalPath = leaf?.staticData?.selfCanonical ? leaf.pathname : '/';
    return defaultHead(match.context.config, canonicalPath);
  },
  component: RootLayout,
});

/** Spec §2: every page sits in the theme provider and a full-size background container. */
function RootLayout() {
  return (
    <ThemeProvider>
      <HeadContent />
      <div className="flex min-h-dvh w-full flex-col bg-background text-foreground">
        <Outlet />
      </div>
      <AppToaster />
    </ThemeProvider>
  );
}
