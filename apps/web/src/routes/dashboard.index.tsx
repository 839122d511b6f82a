import { createFileRoute, Link } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';
import { BotIcon, FolderIcon, KeyIcon, PulseIcon, TerminalIcon } from '../components/icons';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/')({
  head: ({ match }) => pageHead(match.context.config, 'Dashboard'),
  component: DashboardHome,
});

interface Step {
  title: string;
  body: string;
  to:
    | '/dashboard/projects'
    | '/dashboard/active-sessions'
    | '/dashboard/settings/organization/ai-agents'
    | '/dashboard/settings/developer/api-keys'
    | '/dashboard/settings/developer/connected-devices';
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  status: string;
}

// What the product will do, each with an honest status: nothing here pretends to be live yet.
const STEPS: Step[] = [
  {
    title: 'Create a project',
    body: 'Group work units and tasks, and link a git repository.',
    to: '/dashboard/projects',
    icon: FolderIcon,
    status: 'Projects release',
  },
  {
    title: 'Share agent profiles',
    body: 'One set of specialised AI agents for your whole team.',
    to: '/dashboard/settings/organization/ai-agents',
    icon: BotIcon,
    status: 'Agents release',
  },
  {
    title: 'Connect tool servers',
    body: 'API keys that give MCP servers access to a project.',
    to: '/dashboard/settings/developer/api-keys',
    icon: KeyIcon,
    status: 'MCP release',
  },
  {
    title: 'Sign in the CLI',
    body: 'Run switchboard login and approve the device here.',
    to: '/dashboard/settings/developer/connected-devices',
    icon: TerminalIcon,
    status: 'CLI release',
  },
  {
    title: 'Watch agents work',
    body: 'Live sessions and task progress as agents report them.',
    to: '/dashboard/active-sessions',
    icon: PulseIcon,
    status: 'Realtime release',
  },
];

function DashboardHome() {
  const { session, config } = Route.useRouteContext();
  const firstName = session.user.name.trim().split(/\s+/)[0] || session.user.email;
  return (
    <>
      <PageHeader
        title={`Welcome, ${firstName}`}
        description={`Your ${config.brandName} workspace is ready. Here is what it will hold.`}
      />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {STEPS.map((step) => (
          <li key={step.to}>
            <Link to={step.to} className="group block h-full rounded-card">
              <Card className="flex h-full flex-col gap-3 p-4 transition-colors group-hover:border-border-strong group-hover:bg-subtle/60">
                <div className="flex items-center justify-between">
                  <span className="grid size-8 place-items-center rounded-control border border-border bg-background text-muted-foreground">
                    <step.icon className="size-4" />
                  </span>
                  <span className="rounded-full border border-border px-2 py-0.5 text-[11px] text-muted-foreground">
                    {step.status}
                  </span>
                </div>
                <div>
                  <h2 className="text-sm font-medium text-foreground">{step.title}</h2>
                  <p className="mt-1 text-[13px] leading-5 text-muted-foreground">{step.body}</p>
                </div>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
