import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, Outlet, useMatches, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { sessionQueryOptions } from '../../lib/session';
import { RealtimeConnection } from '../activity/live-indicator';
import { TrialNotice } from '../billing/trial-notice';
import { GlobalShortcuts } from '../command-palette/global-shortcuts';
import { SearchButton } from '../command-palette/search-button';
import { UnreadBadge, useUnreadCount } from '../inbox/unread-count';
import { useFollowOrganizationSwitch } from './follow-organization-switch';
import { LeaveGuard } from './leave-guard';
import { dashboardNav, type NavItem } from './nav';
import { OrganizationSwitcher } from './organization-switcher';
import { useSignedOutRedirect } from './signed-out';
import { useFocusAfterNavigation } from './use-focus-after-navigation';
import { UserMenu } from './user-menu';

const dashboardRoute = getRouteApi('/dashboard');

export function DashboardShell() {
  const { authClient, config } = dashboardRoute.useRouteContext();
  const { data: session } = useSuspenseQuery(sessionQueryOptions(authClient));
  const menuRef = useRef<HTMLDialogElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Pages such as the board use the full width (their route sets staticData.wide).
  const wide = useMatches({ select: (matches) => matches.some((match) => match.staticData?.wide) });
  const navigate = useNavigate();
  useSignedOutRedirect();
  useFollowOrganizationSwitch();
  useFocusAfterNavigation('main');

  // The small-screen navigation closes itself once a link has been followed.
  useEffect(() => {
    if (pathname) menuRef.current?.close();
  }, [pathname]);

  // The session ended (signed out here, revoked elsewhere, account deleted): back to sign-in.
  useEffect(() => {
    if (!session) void navigate({ to: '/auth', replace: true });
  }, [session, navigate]);

  if (!session) return null;

  return (
    <div className="flex min-h-dvh w-full">
      <a
        href="#main"
        className="sr-only z-50 rounded-control bg-accent px-3 py-2 text-sm text-accent-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside
        data-app-sidebar
        className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r border-border bg-sidebar md:flex"
      >
        <div className="flex h-14 items-center px-2">
          <OrganizationSwitcher />
        </div>
        <SidebarNav />
        <TrialNotice />
        <div className="px-4 py-3">
          <Link to="/dashboard" className="inline-flex rounded-control opacity-70 hover:opacity-100">
            <Logo brandName={config.brandName} />
          </Link>
        </div>
      </aside>

      <dialog
        ref={menuRef}
        aria-label="Navigation"
        className="m-0 h-dvh max-h-none w-72 max-w-[85vw] border-r border-border bg-sidebar p-0 text-foreground backdrop:bg-black/50 md:hidden"
      >
        <div className="flex h-14 items-center justify-between px-4">
          <Logo brandName={config.brandName} />
          <Button
            variant="ghost"
            size="sm"
            aria-label="Close navigation"
            onClick={() => menuRef.current?.close()}
          >
            <CloseIcon className="size-4" />
          </Button>
        </div>
        <div className="px-2 pb-1">
          <OrganizationSwitcher />
        </div>
        <SidebarNav />
        <TrialNotice />
      </dialog>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center justify-between gap-3 border-b border-border bg-background/80 px-4 backdrop-blur md:px-6">
          <Button
            variant="ghost"
            size="sm"
            className="md:hidden"
            aria-label="Open navigation"
            onClick={() => menuRef.current?.showModal()}
          >
            <MenuIcon className="size-4" />
          </Button>
          <div className="flex flex-1">
            <SearchButton />
          </div>
          <RealtimeConnection />
          <UserMenu user={session.user} />
        </header>
        <main
          id="main"
          tabIndex={-1}
          className={cn(
            'mx-auto w-full flex-1 px-4 py-8 outline-none md:px-8 xl:py-10',
            wide ? 'max-w-none' : 'max-w-5xl',
          )}
        >
          <Outlet />
        </main>
      </div>
      <GlobalShortcuts />
      <LeaveGuard />
    </div>
  );
}

function SidebarNav() {
  const { config } = dashboardRoute.useRouteContext();
  return (
    <nav aria-label="Dashboard" className="flex flex-1 flex-col gap-6 overflow-y-auto px-3 py-3">
      {dashboardNav(config).map((group) => (
        <div key={group.label}>
          <h2 className="px-2 pb-1.5 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
            {group.label}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => (
              <li key={item.to}>
                <SidebarLink item={item} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function SidebarLink({ item }: { item: NavItem }) {
  const unread = useUnreadCount(item.counter === 'unreadNotifications') ?? 0;
  const count = item.counter ? unread : 0;
  return (
    <Link
      to={item.to}
      activeOptions={{ exact: item.exact }}
      className={cn(
        'flex h-8 items-center gap-2.5 rounded-control px-2 text-[13px] font-medium text-muted-foreground transition-colors',
        'hover:bg-subtle hover:text-foreground',
        'data-[status=active]:bg-subtle data-[status=active]:text-foreground',
      )}
    >
      <item.icon className="size-4 shrink-0" />
      {item.label}
      {count > 0 ? <UnreadBadge count={count} /> : null}
    </Link>
  );
}
