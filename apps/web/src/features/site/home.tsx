import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/ui/button';
import { posts } from '../../content';
import { HomeFeatures } from './home-features';
import { HomeHero } from './home-hero';
import { PostCard } from './post-card';
import { ArrowRightIcon } from './site-icons';

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
      <HomeHero />

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

      <HomeFeatures />

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
