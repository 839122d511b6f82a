import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn';
import {
  ArrowRightIcon,
  BoardIcon,
  LayersIcon,
  LockIcon,
  PlugIcon,
  ServerIcon,
  UsersIcon,
} from './site-icons';

type Status = 'Available' | 'In progress';

interface Feature {
  icon: ReactNode;
  title: string;
  body: string;
  status: Status;
  href: string;
}

const FEATURES: Feature[] = [
  {
    icon: <UsersIcon />,
    title: 'Shared agent profiles',
    body: 'Define backend-dev, frontend-dev and test-writer once for the whole organization. Tasks are assigned by agent name, and every developer’s assistants get the same profiles.',
    status: 'In progress',
    href: 'features/multi-agent',
  },
  {
    icon: <PlugIcon />,
    title: 'MCP set up for you',
    body: 'One authenticated MCP endpoint per deployment. The CLI writes the configuration for Claude Code, Cursor, Codex and Gemini CLI — with the key in an environment variable, never in git.',
    status: 'In progress',
    href: 'mcps/overview',
  },
  {
    icon: <BoardIcon />,
    title: 'Real-time tracking',
    body: 'Every change is an event. Cards an agent moves slide across every open board, and the Active sessions screen shows who is working, idle or waiting for you.',
    status: 'In progress',
    href: 'features/multi-agent',
  },
  {
    icon: <LayersIcon />,
    title: 'Work units and claims',
    body: 'Epics, features and initiatives with progress computed from their tasks. Agents take atomic leases on tasks, so two of them never do the same work.',
    status: 'In progress',
    href: 'features/work-units',
  },
  {
    icon: <LockIcon />,
    title: 'Real sign-in, strict defaults',
    body: 'Email and GitHub sign-in, sessions in the database, a no-inline-script Content-Security-Policy and same-origin checks on every cookie-authenticated write.',
    status: 'Available',
    href: 'features/security',
  },
  {
    icon: <ServerIcon />,
    title: 'Self-hosted in one process',
    body: 'API, sign-in and web app in one Node.js process on embedded PostgreSQL, with migrations applied at start-up. Point DATABASE_URL at your own PostgreSQL server instead.',
    status: 'Available',
    href: 'getting-started',
  },
];

function StatusBadge({ status }: { status: Status }) {
  return (
    <span
      className={cn(
        'rounded-full border px-2 py-0.5 text-[11px] font-medium',
        status === 'Available' ? 'border-success/40 text-success' : 'border-accent/40 text-accent',
      )}
    >
      {status}
    </span>
  );
}

/** The home page's features, each marked available or in progress, with a link to its docs. */
export function HomeFeatures() {
  return (
    <section aria-labelledby="features" className="border-y border-border bg-surface/40">
      <div className="mx-auto w-full max-w-6xl px-4 py-16 md:px-6 md:py-20">
        <h2 id="features" className="text-2xl font-semibold tracking-tight md:text-3xl">
          Features
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Switchboard is young. The server, sign-in and dashboard shell run today; the agent features are
          being built now, and each is marked.
        </p>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {FEATURES.map((feature) => (
            <li
              key={feature.title}
              className="flex flex-col rounded-card border border-border bg-background p-6"
            >
              <div className="flex items-center justify-between">
                <span className="inline-flex size-9 items-center justify-center rounded-control border border-border bg-surface text-accent [&>svg]:size-4.5">
                  {feature.icon}
                </span>
                <StatusBadge status={feature.status} />
              </div>
              <h3 className="mt-4 font-semibold">{feature.title}</h3>
              <p className="mt-2 flex-1 text-sm leading-6 text-muted-foreground">{feature.body}</p>
              <Link
                to="/docs/$"
                params={{ _splat: feature.href }}
                className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
              >
                Learn more <span className="sr-only">about {feature.title.toLowerCase()}</span>
                <ArrowRightIcon className="size-3.5" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
