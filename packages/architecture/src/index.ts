// The browser-safe engine: parsing, writing, merging, matching and reviewing rule sets. Nothing here
// imports a node: module; the time-limited regex sandbox lives in the Node entry (`./node`).
export type { RegexRunner } from './checks/regex-runner.js';
export { inProcessRegexRunner } from './checks/regex-runner.js';
export { ArchitectureError, type ArchitectureErrorCode, isArchitectureError } from './errors.js';
export { findRule, type ResolvedItem, type ResolvedRule, resolveRule } from './find-rule.js';
export { globProblem } from './glob-match.js';
export { formatBytes, limits } from './limits.js';
export {
  type DesignPatternMatch,
  type MatchedPattern,
  matchDesignPatterns,
  type PatternConfidence,
} from './match-patterns.js';
export { mergeRuleSets } from './merge.js';
export { normaliseRepoPath } from './paths.js';
export { type ReviewOptions, reviewFile } from './review.js';
export { defaultSeverity } from './severity.js';
export type {
  DesignPattern,
  Finding,
  FindingType,
  ItemRef,
  NotCheckedRule,
  ParseResult,
  ReviewInput,
  ReviewResult,
  Rule,
  RuleCheck,
  RuleItem,
  RuleSetContent,
  SelfCheckRule,
  Severity,
  YamlError,
} from './types.js';
export { parseArchitectYaml, toArchitectYaml } from './yaml/architect-yaml.js';
export {
  parseRuleSetFiles,
  type RuleSetFiles,
  type RuleSetFilesReading,
  toRuleSetFiles,
} from './yaml/rule-set-files.js';
export { parseRulesYaml, toRulesYaml } from './yaml/rules-yaml.js';
