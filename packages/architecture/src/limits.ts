/** Limits that keep one request from costing the server (or a browser tab) more than a review is worth. */
export const limits = {
  /** Largest architect.yaml or RULES.yaml text accepted. */
  yamlBytes: 512 * 1024,
  /** Most rules in one RULES.yaml. */
  rules: 500,
  /** Most design patterns in one architect.yaml. */
  patterns: 500,
  /** Largest file a review reads. */
  sourceBytes: 2 * 1024 * 1024,
  /** Longest repository path. */
  pathLength: 1024,
} as const;

// Measured the same way as the template engine's limits, so both speak of sizes alike.
export { formatBytes, utf8Length } from '@switchboard/sandbox';
