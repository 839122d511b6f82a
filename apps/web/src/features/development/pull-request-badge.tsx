import type { ChecksState, LinkedPullRequest, PullRequestState } from '@switchboard/api-client/contract';
import { PullRequestIcon } from '../../components/icons';
import { cn } from '../../components/ui/cn';
import { CHECKS_WORDS, pullRequestSummary } from './pull-request-words';

export const STATE_COLOURS: Record<PullRequestState, string> = {
  open: 'text-success',
  draft: 'text-muted-foreground',
  merged: 'text-accent',
  closed: 'text-danger',
};

export const CHECKS_COLOURS: Record<NonNullable<ChecksState>, string> = {
  pending: 'bg-amber-500',
  success: 'bg-success',
  failure: 'bg-danger',
};

/** The dot that says how CI went on the pull request's head commit; nothing while none reported. */
export function ChecksDot({ checks }: { checks: ChecksState }) {
  if (!checks) return null;
  return (
    <span
      aria-hidden="true"
      title={CHECKS_WORDS[checks]}
      className={cn('size-1.5 shrink-0 rounded-full', CHECKS_COLOURS[checks])}
    />
  );
}

/**
 * A pull request on a board card: its number, an icon coloured by its state and a dot coloured by its
 * checks. Not a link, as the card itself is one; the task page links to GitHub.
 */
export function PullRequestBadge({ pullRequest }: { pullRequest: LinkedPullRequest }) {
  const summary = pullRequestSummary(pullRequest);
  return (
    <span
      role="img"
      aria-label={summary}
      title={`${pullRequest.repository}#${pullRequest.number}: ${pullRequest.title}`}
      data-state={pullRequest.state}
      data-checks={pullRequest.checks ?? 'none'}
      className="inline-flex items-center gap-1 rounded-control border border-border bg-subtle px-1.5 py-0.5 font-mono text-[11px] text-muted-foreground tabular-nums"
    >
      <PullRequestIcon className={cn('size-3', STATE_COLOURS[pullRequest.state])} />#{pullRequest.number}
      <ChecksDot checks={pullRequest.checks} />
    </span>
  );
}
