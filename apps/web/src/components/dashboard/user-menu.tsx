import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { describeAuthError } from '../../lib/auth-errors';
import { sessionQueryKey } from '../../lib/session';
import { useTheme } from '../../theme/theme-provider';
import { ChevronDownIcon, LogOutIcon, MoonIcon, SunIcon } from '../icons';
import { ShieldIcon } from '../settings/icons';
import { cn } from '../ui/cn';

const dashboardRoute = getRouteApi('/dashboard');

export interface MenuUser {
  name: string;
  email: string;
  image?: string | null | undefined;
}

export function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length >= 2 ? `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}` : (words[0] ?? email).slice(0, 2);
  return letters.toUpperCase();
}

/** The header's account menu: who is signed in, the theme switch, and sign-out. */
export function UserMenu({ user }: { user: MenuUser }) {
  const { authClient } = dashboardRoute.useRouteContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { theme, toggleTheme } = useTheme();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        triggerRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

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
  const itemClass =
    'flex h-8 w-full items-center gap-2.5 rounded-[calc(var(--radius-control)-2px)] px-2 text-left text-[13px] text-foreground hover:bg-subtle';

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex h-9 items-center gap-2 rounded-control pr-2 pl-1 text-[13px] font-medium text-foreground hover:bg-subtle"
      >
        <span className="grid size-7 place-items-center rounded-full bg-accent/15 text-[11px] font-semibold text-accent">
          {initials(user.name, user.email)}
        </span>
        <span className="hidden max-w-40 truncate sm:inline">{user.name || user.email}</span>
        <ChevronDownIcon className="size-3.5 text-muted-foreground" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          'absolute right-0 z-30 mt-1.5 w-64 rounded-card border border-border bg-popover p-1.5 shadow-lg',
          'origin-top-right',
        )}
      >
        <div className="px-2 pt-1.5 pb-2">
          <p className="truncate text-[13px] font-medium text-foreground">{user.name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
        <div className="my-1 h-px bg-border" />
        <Link to="/dashboard/account" className={itemClass} onClick={() => setOpen(false)}>
          <ShieldIcon className="size-4 text-muted-foreground" />
          Account and security
        </Link>
        <button type="button" className={itemClass} onClick={toggleTheme}>
          {theme === 'dark' ? (
            <SunIcon className="size-4 text-muted-foreground" />
          ) : (
            <MoonIcon className="size-4 text-muted-foreground" />
          )}
          {`Switch to ${nextTheme} theme`}
        </button>
        <button
          type="button"
          className={itemClass}
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          <LogOutIcon className="size-4 text-muted-foreground" />
          {signOut.isPending ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
    </div>
  );
}
