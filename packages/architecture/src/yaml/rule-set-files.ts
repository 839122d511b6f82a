import type { RuleSetContent, YamlError } from '../types.js';
import { parseArchitectYaml, toArchitectYaml } from './architect-yaml.js';
import { parseRulesYaml, toRulesYaml } from './rules-yaml.js';

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

/** Reads both files; an empty file is an empty list, not an error. Each error names its line. */
export function parseRuleSetFiles(files: RuleSetFiles): RuleSetFilesReading {
  const patterns = files.architectYaml.trim() === '' ? null : parseArchitectYaml(files.architectYaml);
  const rules = files.rulesYaml.trim() === '' ? null : parseRulesYaml(files.rulesYaml);
  const architectErrors = patterns && !patterns.ok ? patterns.errors : [];
  const rulesErrors = rules && !rules.ok ? rules.errors : [];
  const content =
    architectErrors.length + rulesErrors.length === 0
      ? { ...(rules?.ok ? rules.value : { rules: [] }), patterns: patterns?.ok ? patterns.value : [] }
      : null;
  return { architectErrors, rulesErrors, content };
}

/** A rule set written back as its two files. */
export function toRuleSetFiles(content: RuleSetContent): RuleSetFiles {
  return { architectYaml: toArchitectYaml(content.patterns), rulesYaml: toRulesYaml(content) };
}
