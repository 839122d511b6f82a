import type { LinkedPullRequest } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { pullRequestSummary } from './pull-request-words';

const pullRequest: LinkedPullRequest = {
  repository: 'acme/api',
  number: 7,
  url: 'https://github.com/acme/api/pull/7',
  title: 'Add the sign-in form',
  state: 'open',
  checks: null,
  headSha: 'a1b2c3',
};

describe('pullRequestSummary', () => {
  it('names the number and state, and leaves out checks none reported', () => {
    expect(pullRequestSummary(pullRequest)).toBe('Pull request #7, open');
  });

  it('says how the checks went', () => {
    expect(pullRequestSummary({ ...pullRequest, state: 'draft', checks: 'pending' })).toBe(
      'Pull request #7, draft, checks pending',
    );
    expect(pullRequestSummary({ ...pullRequest, state: 'merged', checks: 'failure' })).toBe(
      'Pull request #7, merged, checks failed',
    );
  });
});
