/**
 * Limits on what people and agents write that the server parses or matches on its own thread: each one
 * bounds what a single request can cost, so no organization can stall the others. They are refused when
 * the rule set, template or plan is saved, with a message naming the limit; the engines read these
 * numbers, so the contract, the checks and the docs agree.
 */

/** Every YAML document people write: architect.yaml, RULES.yaml and scaffold.yaml. */
export const YAML_LIMITS = {
  /** Mapping keys plus list items in one document; counted before the document is parsed. */
  entries: 5_000,
  /** How deeply mappings and lists may nest. */
  depth: 32,
  /** Aliases (`*name`) one document may use. */
  aliases: 100,
} as const;

/** A rule set: what its globs and items may cost each time a file is matched or reviewed. */
export const RULE_SET_LIMITS = {
  /** Characters of architect.yaml or of RULES.yaml. */
  yamlCharacters: 512 * 1024,
  /** Rules in one rule set. */
  rules: 200,
  /** Design patterns in one rule set. */
  patterns: 200,
  /** Globs of one rule, or includes of one design pattern. */
  globsPerRule: 20,
  /** Characters of one glob. */
  globCharacters: 200,
  /** Globs one glob's `{a,b}` alternatives may expand to. */
  braceExpansionsPerGlob: 16,
  /** Globs of the whole rule set (rules and design patterns) after `{a,b}` expansion. */
  globsPerSet: 1_000,
  /** Items one file is reviewed against: its rule's items and every inherited rule's. */
  itemsPerReview: 100,
  /**
   * Steps the glob matcher may take to match one path against a rule set. Sets within the limits
   * above stay far below it; it stops a crafted set from costing more than a few milliseconds.
   */
  matchSteps: 500_000,
} as const;
