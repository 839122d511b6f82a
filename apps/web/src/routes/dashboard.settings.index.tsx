import { createFileRoute, Link } from '@tanstack/react-router';
import { ShieldIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { Avatar } from '../components/ui/avatar';
import { Card } from '../components/ui/card';
import { dashboardNav } from '../features/dashboard/nav';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/')({
  head: ({ match }) => pageHead(match.context.config, 'Settings'),
  component: SettingsIndex,
});

function SettingsIndex() {
  const { session, config } = Route.useRouteContext();
  const sections = dashboardNav(config)
    .filter((group) => group.label !== 'Workspace')
    .map((group) => ({ ...group, items: group.items.filter((item) => item.to !== '/dashboard/settings') }));
  return (
    <>
      <PageHeader
        title="Settings"
        description={`Your account, organization${config.billingEnabled ? ', developer access and billing' : ' and developer access'}.`}
      />
      <section aria-labelledby="account-heading" className="mb-8">
        <h2 id="account-heading" className="mb-3 text-sm font-medium text-foreground">
          Account
        </h2>
        <Link to="/dashboard/account" className="group block rounded-card">
          <Card className="flex items-center gap-3 p-4 transition-colors group-hover:border-border-strong group-hover:bg-subtle/60">
            <Avatar name={session.user.name || session.user.email} image={session.user.image} size="md" />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-foreground">Account and security</span>
              <span className="block truncate text-[13px] text-muted-foreground">
                {session.user.name} · {session.user.email}
              </span>
            </span>
            <ShieldIcon className="size-4 shrink-0 text-muted-foreground" />
          </Card>
        </Link>
      </section>
      {sections.map((group) => (
        <section key={group.label} aria-label={group.label} className="mb-8">
          <h2 className="mb-3 text-sm font-medium text-foreground">{group.label}</h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {group.items.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="group block rounded-card">
                  <Card className="flex items-center gap-3 p-4 transition-colors group-hover:border-border-strong group-hover:bg-subtle/60">
                    <span className="grid size-8 place-items-center rounded-control border border-border bg-background text-muted-foreground">
                      <item.icon className="size-4" />
                    </span>
                    <span className="text-sm font-medium text-foreground">{item.label}</span>
                  </Card>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
