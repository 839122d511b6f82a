import { Link, type LinkProps } from '@tanstack/react-router';
import { cn } from '../../components/ui/cn';

const TABS: Array<{ label: string; to: NonNullable<LinkProps['to']> }> = [
  { label: 'General', to: '/dashboard/settings/organization' },
  { label: 'Members', to: '/dashboard/settings/organization/members' },
  { label: 'Teams', to: '/dashboard/settings/organization/teams' },
  { label: 'Labels', to: '/dashboard/settings/organization/labels' },
  { label: 'AI agents', to: '/dashboard/settings/organization/ai-agents' },
  { label: 'Architecture', to: '/dashboard/settings/organization/architecture' },
  { label: 'Templates', to: '/dashboard/settings/organization/templates' },
];

/** The organization settings' sections, as a row of tabs-looking links. */
export function OrganizationTabs() {
  return (
    <nav aria-label="Organization settings" className="-mt-2 mb-6 border-b border-border">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              activeOptions={{ exact: true }}
              className={cn(
                'inline-flex h-9 items-center border-b-2 border-transparent px-2.5 text-[13px] font-medium whitespace-nowrap text-muted-foreground transition-colors',
                'hover:text-foreground data-[status=active]:border-accent data-[status=active]:text-foreground',
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
