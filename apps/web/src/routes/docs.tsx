import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { DocsSidebar } from '../features/site/docs-sidebar';
import { SiteLayout } from '../features/site/site-layout';

/** Frame of every docs page: the navigation sidebar beside the page. */
export const Route = createFileRoute('/docs')({
  component: DocsLayout,
});

function DocsLayout() {
  const menu = useRef<HTMLDetailsElement>(null);
  const pathname = useLocation({ select: (location) => location.pathname });
  // The small-screen menu closes once the reader has picked a page.
  useEffect(() => {
    if (menu.current && pathname) menu.current.open = false;
  }, [pathname]);
  return (
    <SiteLayout>
      <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 md:px-6 lg:grid-cols-[220px_minmax(0,1fr)] lg:gap-12">
        <aside className="hidden lg:block">
          <div className="sticky top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto py-10 pr-2">
            <DocsSidebar />
          </div>
        </aside>
        <div className="min-w-0 py-6 lg:py-10">
          <details ref={menu} className="mb-6 rounded-card border border-border bg-surface lg:hidden">
            <summary className="cursor-pointer px-4 py-2.5 text-sm font-medium">Documentation menu</summary>
            <div className="border-t border-border px-2 py-4">
              <DocsSidebar />
            </div>
          </details>
          <Outlet />
        </div>
      </div>
    </SiteLayout>
  );
}
