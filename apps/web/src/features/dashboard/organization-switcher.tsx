import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { CheckIcon, ChevronsUpDownIcon, PlusIcon } from '../../components/icons';
import { Avatar } from '../../components/ui/avatar';
import { Menu, MenuSeparator, menuItemClasses } from '../../components/ui/menu';
import { UserText } from '../../components/ui/user-text';
import { useSwitchOrganization } from '../../hooks/use-switch-organization';
import { roleLabel } from '../../lib/access';
import { withoutBidiControls } from '../../lib/bidi';
import { describeOrganizationError } from '../../lib/error-messages';
import {
  activeMemberQueryOptions,
  activeOrganizationIdOf,
  type Organization,
  organizationListQueryOptions,
} from '../../lib/organization';
import { sessionQueryOptions } from '../../lib/session';
import { CreateOrganizationDialog } from './create-organization-dialog';

const dashboardRoute = getRouteApi('/dashboard');

/**
 * The sidebar's organization menu: which organization is active, a switch to any other one, and
 * 'Create organization'. Arrow keys move through the menu; Escape closes it.
 */
export function OrganizationSwitcher() {
  const { authClient } = dashboardRoute.useRouteContext();
  const { data: session } = useSuspenseQuery(sessionQueryOptions(authClient));
  const activeId = activeOrganizationIdOf(session);
  const { data: organizations = [], isPending } = useQuery(organizationListQueryOptions(authClient));
  const member = useQuery({
    ...activeMemberQueryOptions(authClient, activeId ?? ''),
    enabled: Boolean(activeId),
  });
  const active = organizations.find((organization) => organization.id === activeId);

  const [creating, setCreating] = useState(false);

  const switchOrganization = useSwitchOrganization();
  const switchTo = useMutation({
    mutationFn: (organization: Organization) =>
      switchOrganization({ organizationId: organization.id, organizationSlug: organization.slug }),
    onSuccess: (_data, organization) => {
      toast.success(`Switched to ${withoutBidiControls(organization.name)}`);
    },
    onError: (error) => toast.error(describeOrganizationError(error, 'Could not switch organization.')),
  });

  const name = active?.name ?? (isPending ? 'Loading…' : 'No organization');

  return (
    <>
      <Menu
        className="w-full"
        label="Organizations"
        triggerClassName="flex h-10 w-full items-center gap-2.5 rounded-control px-2 text-left hover:bg-subtle aria-expanded:bg-subtle"
        panelClassName="top-full right-0 left-0 mt-1"
        trigger={
          <>
            <Avatar name={active?.name ?? '?'} image={active?.logo} kind="organization" size="sm" />
            <span className="min-w-0 flex-1">
              <span className="sr-only">Current organization: </span>
              <span className="block truncate text-[13px] font-semibold text-foreground">
                <UserText>{name}</UserText>
              </span>
              {member.data?.role ? (
                <span className="block truncate text-[11px] text-muted-foreground">
                  {roleLabel(member.data.role)}
                </span>
              ) : null}
            </span>
            <ChevronsUpDownIcon className="size-3.5 shrink-0 text-muted-foreground" />
          </>
        }
      >
        {(close) => (
          <>
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
                      close();
                      if (!selected) switchTo.mutate(organization);
                    }}
                    className={menuItemClasses}
                  >
                    <Avatar
                      name={organization.name}
                      image={organization.logo}
                      kind="organization"
                      size="xs"
                    />
                    <span className="min-w-0 flex-1 truncate">
                      <UserText>{organization.name}</UserText>
                    </span>
                    {selected ? <CheckIcon className="size-4 shrink-0 text-accent" /> : null}
                  </button>
                );
              })}
              {organizations.length === 0 && !isPending ? (
                <p className="px-2 py-1.5 text-[13px] text-muted-foreground">
                  You are not in any organization.
                </p>
              ) : null}
            </div>
            <MenuSeparator />
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(false);
                setCreating(true);
              }}
              className={menuItemClasses}
            >
              <span className="grid size-5 place-items-center rounded-[calc(var(--radius-control)-2px)] border border-dashed border-border-strong text-muted-foreground">
                <PlusIcon className="size-3" />
              </span>
              Create organization
            </button>
          </>
        )}
      </Menu>
      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
