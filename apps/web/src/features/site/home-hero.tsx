import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { SITE_TAGLINE } from '../../lib/seo';
import { ArrowRightIcon } from './site-icons';

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

/** The top of the home page: the tagline, what Switchboard does, the ways in, and a board drawn. */
export function HomeHero() {
  return (
    <section className="relative overflow-hidden border-b border-border">
      <div className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-80 max-w-3xl rounded-full bg-accent/15 blur-3xl" />
      <div className="relative mx-auto grid w-full max-w-6xl items-center gap-12 px-4 py-16 md:px-6 md:py-24 xl:grid-cols-[1fr_1.05fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-xs text-muted-foreground">
            <span className="size-1.5 rounded-full bg-accent" /> Self-hostable · early preview: agent features
            in progress
          </p>
          <h1 className="mt-5 text-4xl font-semibold tracking-tight text-balance md:text-5xl">
            {SITE_TAGLINE}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-pretty text-muted-foreground">
            Plan work in a web dashboard. Let Claude Code, Cursor, Codex and Gemini CLI pick it up in parallel
            through MCP — each with its own key and name. Watch it move in real time.
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
  );
}
