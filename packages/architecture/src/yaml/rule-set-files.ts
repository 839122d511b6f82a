import { ruleSetProblems } from '../rule-set-checks.js';
import type { RuleSetContent, YamlError } from '../types.js';
import { toArchitectYaml } from './architect-yaml.js';
import { type LocatedDocument, readAndValidate, type ValidatedYaml } from './document.js';
import { toRulesYaml } from './rules-yaml.js';
import { architectFileSchema, rulesFileSchema } from './schemas.js';

/** A rule set as AgiFlow keeps it in a repository: design patterns and rules, one file each. */
export interface RuleSetFiles {
  architectYaml: string;
  rulesYaml: string;
}

export interface RuleSetFilesReading {
  architectErrors: YamlError[];
  rulesErrors: YamlError[];
  /** What both files hold, when neither has an error. */
  content: RuleSetContent | null;
}

/**
 * Reads both files as one rule set; an empty file is an empty list, not an error. Besides each file's
 * own rules, the set as a whole is checked (inherited rules exist, review and glob limits): a rule
 * set that would fail only later is refused here. Each error names its line.
 */
export function parseRuleSetFiles(files: RuleSetFiles): RuleSetFilesReading {
  const patterns =
    files.architectYaml.trim() === ''
      ? null
      : readAndValidate(files.architectYaml, 'architect.yaml', architectFileSchema);
  const rules =
    files.rulesYaml.trim() === '' ? null : readAndValidate(files.rulesYaml, 'RULES.yaml', rulesFileSchema);
  const architectErrors = errorsOf(patterns);
  const rulesErrors = errorsOf(rules);
  if (architectErrors.length + rulesErrors.length > 0) return { architectErrors, rulesErrors, content: null };
  const content: RuleSetContent = {
    ...(rules?.result.ok ? rules.result.value : { rules: [] }),
    patterns: patterns?.result.ok ? patterns.result.value : [],
  };
  for (const problem of ruleSetProblems(content)) {
    const file = problem.file === 'rules' ? rules : patterns;
    const error = { ...lineOf(file?.located, problem.path), message: problem.message };
    (problem.file === 'rules' ? rulesErrors : architectErrors).push(error);
  }
  return architectErrors.length + rulesErrors.length > 0
    ? { architectErrors, rulesErrors, content: null }
    : { architectErrors, rulesErrors, content };
}

function errorsOf(file: ValidatedYaml<unknown> | null): YamlError[] {
  return file && !file.result.ok ? [...file.result.errors] : [];
}

function lineOf(located: LocatedDocument | undefined, path: (string | number)[]): Omit<YamlError, 'message'> {
  return located ? located.positionOf(path) : { line: 1 };
}

/** A rule set written back as its two files. */
export function toRuleSetFiles(content: RuleSetContent): RuleSetFiles {
  return { architectYaml: toArchitectYaml(content.patterns), rulesYaml: toRulesYaml(content) };
}
