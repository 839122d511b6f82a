import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn';
import { Markdown } from '../../components/ui/markdown';
import { safeHref } from '../../lib/safe-href';
import { BlockedIcon, CommitIcon, FileIcon } from './icons';
import { ProgressBar } from './indicators';
import { type DevInfoView, hasDevInfo, readDevInfo, TEST_SUITES, type TestSuite } from './tasks-devinfo';

const SUITE_LABELS = { unit: 'Unit', integration: 'Integration', e2e: 'End-to-end' } as const;

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={cn('rounded-card border border-border bg-surface p-3', className)}>
      <h3 className="mb-2 text-[12px] font-medium tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Suite({ name, result }: { name: keyof typeof SUITE_LABELS; result: TestSuite | undefined }) {
  if (!result) {
    return (
      <div className="rounded-control border border-dashed border-border p-2.5">
        <p className="text-[12px] font-medium text-foreground">{SUITE_LABELS[name]}</p>
        <p className="mt-1 text-[12px] text-muted-foreground">Not reported</p>
      </div>
    );
  }
  const failed = (result.failed ?? 0) > 0;
  return (
    <div
      className={cn(
        'rounded-control border p-2.5',
        failed ? 'border-danger/40 bg-danger/5' : 'border-success/30 bg-success/5',
      )}
    >
      <p className="text-[12px] font-medium text-foreground">{SUITE_LABELS[name]}</p>
      <dl className="mt-1 grid grid-cols-3 gap-1 text-[12px] tabular-nums">
        <div>
          <dt className="text-muted-foreground">Passed</dt>
          <dd className="font-medium text-success">{result.passed ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Failed</dt>
          <dd className={cn('font-medium', failed ? 'text-danger' : 'text-foreground')}>
            {result.failed ?? '—'}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Coverage</dt>
          <dd className="font-medium text-foreground">
            {result.coverage === undefined ? '—' : `${Math.round(result.coverage)}%`}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** What the agents reported in devInfo, one panel per part that is present. */
export function DevInfoPanel({ devInfo }: { devInfo: Record<string, unknown> }) {
  const view: DevInfoView = readDevInfo(devInfo);
  if (!hasDevInfo(view)) return null;
  const hasTests = Object.keys(view.testResults).length > 0;
  return (
    <section aria-labelledby="devinfo-heading" className="flex flex-col gap-3">
      <h2 id="devinfo-heading" className="text-[13px] font-medium text-muted-foreground">
        Development
        {view.sessionId ? (
          <span className="ml-2 font-mono text-[11px] font-normal">session {view.sessionId}</span>
        ) : null}
      </h2>
      {view.progress ? (
        <Panel title="Progress">
          <ProgressBar
            value={view.progress.percentage ?? 0}
            label={`Progress ${view.progress.percentage ?? 0}%`}
          />
          <p className="mt-1.5 text-[12px] text-muted-foreground tabular-nums">
            {view.progress.completed !== undefined && view.progress.total !== undefined
              ? `${view.progress.completed} of ${view.progress.total} done`
              : null}
            {view.progress.percentage !== undefined ? ` · ${view.progress.percentage}%` : null}
            {view.progress.current ? ` · now: ${view.progress.current}` : null}
          </p>
        </Panel>
      ) : null}
      {hasTests ? (
        <Panel title="Test results">
          <div className="grid gap-2 sm:grid-cols-3">
            {TEST_SUITES.map((suite) => (
              <Suite key={suite} name={suite} result={view.testResults[suite]} />
            ))}
          </div>
        </Panel>
      ) : null}
      {view.blockers.length > 0 ? (
        <Panel title="Blockers" className="border-danger/30">
          <ul className="flex flex-col gap-1">
            {view.blockers.map((blocker) => (
              <li key={blocker} className="flex items-start gap-2 text-[13px] text-foreground">
                <BlockedIcon className="mt-1 size-3.5 shrink-0 text-danger" />
                {blocker}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
      {view.filesChanged.length > 0 || view.commits.length > 0 ? (
        <div className="grid gap-3 md:grid-cols-2">
          {view.filesChanged.length > 0 ? (
            <Panel title={`Files changed (${view.filesChanged.length})`}>
              <ul className="flex max-h-48 flex-col gap-0.5 overflow-y-auto">
                {view.filesChanged.map((file) => (
                  <li key={file} className="flex items-center gap-1.5 font-mono text-[12px] text-foreground">
                    <FileIcon className="size-3.5 shrink-0 text-muted-foreground" />
                    <span className="truncate" title={file}>
                      {file}
                    </span>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
          {view.commits.length > 0 ? (
            <Panel title={`Commits (${view.commits.length})`}>
              <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto">
                {view.commits.map((commit, index) => {
                  const href = commit.url ? safeHref(commit.url) : undefined;
                  const sha = (
                    <span className="font-mono text-[12px] text-accent">
                      {commit.sha?.slice(0, 10) ?? '—'}
                    </span>
                  );
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: reported commits may repeat; their place is their identity
                    <li key={index} className="flex items-start gap-1.5 text-[12px]">
                      <CommitIcon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" />
                      {href ? (
                        <a
                          href={href}
                          target="_blank"
                          rel="noopener noreferrer nofollow"
                          className="hover:underline"
                        >
                          {sha}
                        </a>
                      ) : (
                        sha
                      )}
                      {commit.message ? (
                        <span className="min-w-0 truncate text-foreground">{commit.message}</span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </Panel>
          ) : null}
        </div>
      ) : null}
      {view.executionPlan ? (
        <Panel title="Execution plan">
          <Markdown source={view.executionPlan} />
        </Panel>
      ) : null}
      {view.notes ? (
        <Panel title="Notes">
          <Markdown source={view.notes} />
        </Panel>
      ) : null}
    </section>
  );
}
