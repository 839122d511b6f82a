import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REVIEW_MAX_BYTES, REVIEW_REQUEST_MAX_BYTES, REVIEW_TIME_BUDGET_MS } from './architecture';

// The Architect page states a review's limits in words; they must be the contract's numbers.
const architectDocs = readFileSync(
  new URL('../../../../content/docs/mcps/architect-mcp.mdx', import.meta.url),
  'utf8',
);
const megabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(2))} MB`;

describe('the review limits in the docs', () => {
  it('states the size limit', () => {
    expect(architectDocs).toContain(
      `at most **${megabytes(REVIEW_MAX_BYTES)}** (${REVIEW_MAX_BYTES.toLocaleString('en-US')} bytes of UTF-8)`,
    );
  });

  it('states the request body limit of the routes that carry reviews', () => {
    expect(architectDocs).toContain(`request bodies up to ${megabytes(REVIEW_REQUEST_MAX_BYTES)}`);
  });

  it('states the time budget', () => {
    expect(architectDocs).toContain(`**time budget of ${REVIEW_TIME_BUDGET_MS / 1000} seconds**`);
  });
});
