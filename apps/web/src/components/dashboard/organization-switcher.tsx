import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { roleLabel } from '../../lib/access';
import {
  activeMemberQueryOptions,
  activeOrganizationIdOf,
  type Organization,
  organizationListQueryOptions,
  switchOrganization,
} from '../../lib/organization';
import { describeOrganizationError } from '../../lib/organization-errors';
import { sessionQueryOptions } from '../../lib/session';
import { Avatar } from '../settings/avatar';
import { CheckIcon, ChevronsUpDownIcon, PlusIcon } from '../settings/icons';
import { cn } from '../ui/cn';
import { CreateOrganizationDialog } from './create-organization-dialog';

const dashboardRoute = getRouteApi('/dashboard');

/**
 * The sidebar's organisation menu: which organisation is active, a switch to any other one, and
 * 'Create organization'. Arrow keys move through the menu; Escape closes it.
 */
export function OrganizationSwitcher() {
  const { authClient, queryClient } = dashboardRoute.useRouteContext();
  const router = useRouter();
  const { data: session } = useSuspenseQuery(sessionQueryOptions(authClient));
  const activeId = activeOrganizationIdOf(session);
  const { data: organizations = [], isPending } = useQuery(organizationListQueryOptions(authClient));
  const member = useQuery({
    ...activeMemberQueryOptions(authClient, activeId ?? ''),
    enabled: Boolean(activeId),
  });
  const active = organizations.find((organization) => organization.id === activeId);

  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const switchTo = useMutation({
    mutationFn: (organization: Organization) =>
      switchOrganization(
        { authClient, queryClient },
        { organizationId: organization.id, organizationSlug: organization.slug },
      ),
    onSuccess: async (_data, organization) => {
      await router.invalidate();
      toast.success(`Switched to ${organization.name}`);
    },
    onError: (error) => toast.error(describeOrganizationError(error, 'Could not switch organization.')),
  });

  useEffect(() => {
    if (!open) return;
    // Focus the active organisation (or the first item) when the menu opens.
    const items = menuItems(menuRef.current);
    (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const closeMenu = (refocus = true) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape') closeMenu();
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  const name = active?.name ?? (isPending ? 'Loading…' : 'No organization');

  return (
    <div ref={containerRef} className="relative w-full">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex h-10 w-full items-center gap-2.5 rounded-control px-2 text-left hover:bg-subtle aria-expanded:bg-subtle"
      >
        <Avatar name={active?.name ?? '?'} image={active?.logo} kind="organization" size="sm" />
        <span className="min-w-0 flex-1">
          <span className="sr-only">Current organization: </span>
          <span className="block truncate text-[13px] font-semibold text-foreground">{name}</span>
          {member.data?.role ? (
            <span className="block truncate text-[11px] text-muted-foreground">
              {roleLabel(member.data.role)}
            </span>
          ) : null}
        </span>
        <ChevronsUpDownIcon className="size-3.5 shrink-0 text-muted-foreground" />
      </button>

      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label="Organizations"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        className="absolute top-full right-0 left-0 z-40 mt-1 rounded-card border border-border bg-popover p-1.5 shadow-lg"
      >
        <p className="px-2 pt-1 pb-1.5 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
          Organizations
        </p>
        <div className="max-h-72 overflow-y-auto">
          {organizations.map((organization) => {
            const selected = organization.id === activeId;
            return (
              <button
                key={organization.id}
                type="button"
                role="menuitemradio"
                aria-checked={selected}
                tabIndex={-1}
                disabled={switchTo.isPending}
                onClick={() => {
                  closeMenu();
                  if (!selected) switchTo.mutate(organization);
                }}
                className={cn(
                  'flex h-9 w-full items-center gap-2.5 rounded-[calc(var(--radius-control)-2px)] px-2 text-left text-[13px] text-foreground',
                  'hover:bg-subtle focus-visible:bg-subtle focus-visible:outline-none',
                )}
              >
                <Avatar name={organization.name} image={organization.logo} kind="organization" size="xs" />
                <span className="min-w-0 flex-1 truncate">{organization.name}</span>
                {selected ? <CheckIcon className="size-4 shrink-0 text-accent" /> : null}
              </button>
            );
          })}
          {organizations.length === 0 && !isPending ? (
            <p className="px-2 py-1.5 text-[13px] text-muted-foreground">You are not in any organization.</p>
          ) : null}
        </div>
        <div className="my-1 h-px bg-border" />
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          onClick={() => {
            closeMenu(false);
            setCreating(true);
          }}
          className="flex h-9 w-full items-center gap-2.5 rounded-[calc(var(--radius-control)-2px)] px-2 text-left text-[13px] text-foreground hover:bg-subtle focus-visible:bg-subtle focus-visible:outline-none"
        >
          <span className="grid size-5 place-items-center rounded-[calc(var(--radius-control)-2px)] border border-dashed border-border-strong text-muted-foreground">
            <PlusIcon className="size-3" />
          </span>
          Create organization
        </button>
      </div>
      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([disabled])')) : [];
}
