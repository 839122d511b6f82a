import { REVIEW_MAX_BYTES } from '@switchboard/api-client/contract';

/** Limits that keep one request from costing the server (or a browser tab) more than a review is worth. */
export const limits = {
  /** Largest architect.yaml or RULES.yaml text accepted. */
  yamlBytes: 512 * 1024,
  /** Most rules in one RULES.yaml. */
  rules: 500,
  /** Most design patterns in one architect.yaml. */
  patterns: 500,
  /** Most a review reads: the file and its diff together (the contract states it for every caller). */
  reviewBytes: REVIEW_MAX_BYTES,
  /** Longest repository path. */
  pathLength: 1024,
} as const;

// Measured the same way as the template engine's limits, so both speak of sizes alike.
export { formatBytes, utf8Length } from '@switchboard/sandbox';
