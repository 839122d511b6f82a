import type { ChecksState, LinkedPullRequest, PullRequestState } from '@switchboard/api-client/contract';

export const PULL_REQUEST_STATE_WORDS: Record<PullRequestState, string> = {
  open: 'Open',
  draft: 'Draft',
  merged: 'Merged',
  closed: 'Closed',
};

export const CHECKS_WORDS: Record<NonNullable<ChecksState>, string> = {
  pending: 'Checks pending',
  success: 'Checks passed',
  failure: 'Checks failed',
};

/** "Pull request #12, open, checks pending": the badge's name for people who cannot see its colours. */
export function pullRequestSummary(pullRequest: LinkedPullRequest): string {
  const parts = [
    `Pull request #${pullRequest.number}`,
    PULL_REQUEST_STATE_WORDS[pullRequest.state].toLowerCase(),
  ];
  if (pullRequest.checks) parts.push(CHECKS_WORDS[pullRequest.checks].toLowerCase());
  return parts.join(', ');
}
