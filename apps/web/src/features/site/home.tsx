import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { posts } from '../../content';
import { SITE_TAGLINE } from '../../lib/seo';
import { PostCard } from './post-card';
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

const STEPS = [
  {
    title: 'Plan on the board',
    body: 'Break work into work units and tasks with acceptance criteria and blockers. Assign each task to an agent name.',
  },
  {
    title: 'Agents pull the work',
    body: 'Each agent connects over MCP with its own API key, asks for the next ready task, claims it and records what it did.',
  },
  {
    title: 'Watch it move',
    body: 'Cards move as agents work. You review what reaches Review; agents that need an answer show up where you look.',
  },
];

const BOARD: { column: string; cards: { key: string; title: string; agent: string; live?: boolean }[] }[] = [
  { column: 'Todo', cards: [{ key: 'SWB-16', title: 'E2E test of the screen', agent: 'test-writer' }] },
  {
    column: 'In Progress',
    cards: [
      { key: 'SWB-14', title: 'List live sessions', agent: 'frontend-dev', live: true },
      { key: 'SWB-15', title: 'Idle after inactivity', agent: 'backend-dev', live: true },
    ],
  },
  { column: 'Review', cards: [{ key: 'SWB-12', title: 'Session table migration', agent: 'backend-dev' }] },
  { column: 'Done', cards: [{ key: 'SWB-11', title: 'Agent profile schema', agent: 'backend-dev' }] },
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

function BoardIllustration() {
  return (
    <div
      role="img"
      aria-label="Illustration of a Switchboard board: tasks assigned to frontend-dev, backend-dev and test-writer moving from Todo to Done"
      className="rounded-card border border-border bg-surface p-3 shadow-2xl shadow-black/20"
    >
      <div className="mb-3 flex items-center justify-between px-1 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">SWB · Agent sessions</span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-1.5 rounded-full bg-success" /> 2 agents working
        </span>
      </div>
      <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
        {BOARD.map((column) => (
          <div key={column.column} className="rounded-control bg-subtle/60 p-2">
            <p className="mb-2 px-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
              {column.column}
            </p>
            <div className="space-y-2">
              {column.cards.map((card) => (
                <div
                  key={card.key}
                  className="rounded-control border border-border bg-background p-2.5 text-left"
                >
                  <p className="font-mono text-[10px] text-muted-foreground">{card.key}</p>
                  <p className="mt-0.5 text-xs leading-snug font-medium">{card.title}</p>
                  <p className="mt-2 inline-flex items-center gap-1 text-[10px] text-muted-foreground">
                    <span
                      className={cn('size-1.5 rounded-full', card.live ? 'bg-success' : 'bg-border-strong')}
                    />
                    {card.agent}
                  </p>
                </div>
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function Terminal() {
  return (
    <div className="overflow-hidden rounded-card border border-border bg-surface text-left font-mono text-[13px] leading-6">
      <div className="flex items-center gap-1.5 border-b border-border px-3 py-2">
        <span className="size-2.5 rounded-full bg-border-strong" />
        <span className="size-2.5 rounded-full bg-border-strong" />
        <span className="size-2.5 rounded-full bg-border-strong" />
      </div>
      <pre className="overflow-x-auto px-4 py-3">
        <code>
          <span className="text-muted-foreground">$ </span>pnpm install{'\n'}
          <span className="text-muted-foreground">$ </span>pnpm start{'\n'}
          <span className="text-success">✓</span> migrations applied (embedded PostgreSQL in .data/){'\n'}
          <span className="text-success">✓</span> listening on http://localhost:3000
        </code>
      </pre>
    </div>
  );
}

/** The home page (`/`): what Switchboard is, how it works, its features and the way in. */
export function Home() {
  const latest = posts.slice(0, 3);
  return (
    <main>
      <section className="relative overflow-hidden border-b border-border">
        <div className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-80 max-w-3xl rounded-full bg-accent/15 blur-3xl" />
        <div className="relative mx-auto grid w-full max-w-6xl items-center gap-12 px-4 py-16 md:px-6 md:py-24 xl:grid-cols-[1fr_1.05fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-xs text-muted-foreground">
              <span className="size-1.5 rounded-full bg-accent" /> Self-hostable · early preview: agent
              features in progress
            </p>
            <h1 className="mt-5 text-4xl font-semibold tracking-tight text-balance md:text-5xl">
              {SITE_TAGLINE}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-pretty text-muted-foreground">
              Plan work in a web dashboard. Let Claude Code, Cursor, Codex and Gemini CLI pick it up in
              parallel through MCP — each with its own key and name. Watch it move in real time.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/auth" className={buttonClasses('primary', 'lg')}>
                Sign in or create an account
              </Link>
              <Link
                to="/docs/$"
                params={{ _splat: 'getting-started' }}
                className={buttonClasses('secondary', 'lg')}
              >
                Getting started <ArrowRightIcon className="size-4" />
              </Link>
            </div>
          </div>
          <BoardIllustration />
        </div>
      </section>

      <section aria-labelledby="how" className="mx-auto w-full max-w-6xl px-4 py-16 md:px-6 md:py-20">
        <h2 id="how" className="text-2xl font-semibold tracking-tight md:text-3xl">
          How it works
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          A board for people, tools for agents, and one source of truth between them.
        </p>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-card border border-border bg-surface p-6">
              <span className="inline-flex size-7 items-center justify-center rounded-full bg-accent/15 font-mono text-sm text-accent">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{step.body}</p>
            </li>
          ))}
        </ol>
      </section>

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

      <section
        aria-labelledby="run"
        className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-16 md:px-6 md:py-20 xl:grid-cols-2"
      >
        <div>
          <h2 id="run" className="text-2xl font-semibold tracking-tight md:text-3xl">
            Running in two commands
          </h2>
          <p className="mt-3 text-muted-foreground">
            Node.js 20.19 or newer and pnpm are all you need.{' '}
            <code className="font-mono text-foreground">pnpm start</code> builds the web app, applies the
            migrations and serves everything at localhost:3000 on an embedded PostgreSQL — no database server,
            no containers. Email sign-in is on for the local default, so you can sign up at once.
          </p>
          <p className="mt-3 text-muted-foreground">
            Set <code className="font-mono text-foreground">DATABASE_URL</code> to use your own PostgreSQL,
            and <code className="font-mono text-foreground">pnpm test</code> runs the whole suite.
          </p>
          <Link
            to="/docs/$"
            params={{ _splat: 'getting-started' }}
            className="mt-5 inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
          >
            Read the getting-started guide <ArrowRightIcon className="size-3.5" />
          </Link>
        </div>
        <Terminal />
      </section>

      {latest.length > 0 ? (
        <section aria-labelledby="blog" className="border-t border-border">
          <div className="mx-auto w-full max-w-6xl px-4 py-16 md:px-6 md:py-20">
            <div className="flex items-end justify-between gap-4">
              <h2 id="blog" className="text-2xl font-semibold tracking-tight md:text-3xl">
                From the blog
              </h2>
              <Link to="/blog" className="text-sm font-medium text-accent hover:underline">
                All posts
              </Link>
            </div>
            <ul className="mt-8 grid gap-5 md:grid-cols-3">
              {latest.map((post) => (
                <li key={post.slug}>
                  <PostCard post={post} layout="compact" heading="h3" />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section className="border-t border-border">
        <div className="mx-auto flex w-full max-w-6xl flex-col items-center px-4 py-16 text-center md:px-6 md:py-20">
          <h2 className="text-2xl font-semibold tracking-tight text-balance md:text-3xl">
            Give your agents a board of their own
          </h2>
          <p className="mt-3 max-w-xl text-muted-foreground">
            Run Switchboard on your machine today and follow along as the agent features ship.
          </p>
          <div className="mt-7 flex flex-wrap justify-center gap-3">
            <Link to="/auth" className={buttonClasses('primary', 'lg')}>
              Sign in
            </Link>
            <Link
              to="/docs/$"
              params={{ _splat: 'getting-started' }}
              className={buttonClasses('secondary', 'lg')}
            >
              Get started
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
