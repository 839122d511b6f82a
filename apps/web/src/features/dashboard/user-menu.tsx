import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';
import { ChevronDownIcon, LogOutIcon, MoonIcon, ShieldIcon, SunIcon } from '../../components/icons';
import { initialsOf } from '../../components/ui/avatar';
import { Menu, MenuSeparator, menuItemClasses } from '../../components/ui/menu';
import { describeAuthError } from '../../lib/error-messages';
import { sessionQueryKey } from '../../lib/session';
import { useTheme } from '../../theme/theme-provider';

const dashboardRoute = getRouteApi('/dashboard');

export interface MenuUser {
  name: string;
  email: string;
  image?: string | null | undefined;
}

/** The header's account menu: who is signed in, the theme switch, and sign-out. */
export function UserMenu({ user }: { user: MenuUser }) {
  const { authClient } = dashboardRoute.useRouteContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { theme, toggleTheme } = useTheme();
  const signOut = useMutation({
    mutationFn: async () => {
      const { error } = await authClient.signOut();
      if (error) throw new Error(describeAuthError(error, 'Sign-out failed. Try again.'));
    },
    onSuccess: async () => {
      queryClient.setQueryData(sessionQueryKey, null);
      await navigate({ to: '/auth' });
      // Nothing the signed-out user fetched may linger for the next person at this browser.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== 'config' && query.queryKey[0] !== 'auth',
      });
      toast('Signed out');
    },
    onError: (error) => toast.error(error.message),
  });

  const nextTheme = theme === 'dark' ? 'light' : 'dark';

  return (
    <Menu
      kind="panel"
      triggerClassName="flex h-9 items-center gap-2 rounded-control pr-2 pl-1 text-[13px] font-medium text-foreground hover:bg-subtle"
      panelClassName="right-0 mt-1.5 w-64 origin-top-right"
      trigger={
        <>
          {/* Named by what it shows, then what it is: a label other than the visible name would hide the
              name from people who speak to their screen reader by what they see. */}
          <span
            aria-hidden="true"
            className="grid size-7 place-items-center rounded-full bg-accent/15 text-[11px] font-semibold text-accent"
          >
            {initialsOf(user.name, user.email)}
          </span>
          <span className="hidden max-w-40 truncate sm:inline">{user.name || user.email}</span>
          <span className="sr-only"> Account menu</span>
          <ChevronDownIcon className="size-3.5 text-muted-foreground" />
        </>
      }
    >
      {(close) => (
        <>
          <div className="px-2 pt-1.5 pb-2">
            <p className="truncate text-[13px] font-medium text-foreground">{user.name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
          <MenuSeparator />
          <Link to="/dashboard/account" className={menuItemClasses} onClick={() => close(false)}>
            <ShieldIcon className="size-4 text-muted-foreground" />
            Account and security
          </Link>
          <button type="button" className={menuItemClasses} onClick={toggleTheme}>
            {theme === 'dark' ? (
              <SunIcon className="size-4 text-muted-foreground" />
            ) : (
              <MoonIcon className="size-4 text-muted-foreground" />
            )}
            {`Switch to ${nextTheme} theme`}
          </button>
          <button
            type="button"
            className={menuItemClasses}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            <LogOutIcon className="size-4 text-muted-foreground" />
            {signOut.isPending ? 'Signing out…' : 'Sign out'}
          </button>
        </>
      )}
    </Menu>
  );
}
