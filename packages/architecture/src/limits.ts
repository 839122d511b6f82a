import { RULE_SET_LIMITS } from '@switchboard/api-client/contract';

/**
 * Limits that keep one request from costing the server (or a browser tab) more than a review is worth.
 * The rule set's own limits are the contract's, so the API, the engine and the docs state one number.
 */
export const limits = {
  /** Largest architect.yaml or RULES.yaml text accepted. */
  yamlBytes: RULE_SET_LIMITS.yamlCharacters,
  /** Most rules in one RULES.yaml. */
  rules: RULE_SET_LIMITS.rules,
  /** Most design patterns in one architect.yaml. */
  patterns: RULE_SET_LIMITS.patterns,
  /** Largest file a review reads. */
  sourceBytes: 2 * 1024 * 1024,
  /** Longest repository path. */
  pathLength: 1024,
} as const;

// Measured the same way as the template engine's limits, so both speak of sizes alike.
export { formatBytes, utf8Length } from '@switchboard/sandbox';
