import { createFileRoute, Link } from '@tanstack/react-router';
import { DASHBOARD_NAV } from '../components/dashboard/nav';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/settings/')({
  head: ({ match }) => pageHead(match.context.config, 'Settings'),
  component: SettingsIndex,
});

const SECTIONS = DASHBOARD_NAV.filter((group) => group.label !== 'Workspace').map((group) => ({
  ...group,
  items: group.items.filter((item) => item.to !== '/dashboard/settings'),
}));

function SettingsIndex() {
  const { session } = Route.useRouteContext();
  return (
    <>
      <PageHeader title="Settings" description="Your account, organization, developer access and billing." />
      <section aria-labelledby="account-heading" className="mb-8">
        <h2 id="account-heading" className="mb-3 text-sm font-medium text-foreground">
          Account
        </h2>
        <Card className="divide-y divide-border">
          <div className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
            <span className="text-muted-foreground">Name</span>
            <span className="truncate text-foreground">{session.user.name}</span>
          </div>
          <div className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
            <span className="text-muted-foreground">Email</span>
            <span className="truncate text-foreground">{session.user.email}</span>
          </div>
        </Card>
      </section>
      {SECTIONS.map((group) => (
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
