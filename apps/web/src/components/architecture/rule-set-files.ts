import type { RuleSet } from '@switchboard/api-client/contract';
import {
  parseArchitectYaml,
  parseRulesYaml,
  type RuleSetContent,
  toArchitectYaml,
  toRulesYaml,
  type YamlError,
} from '@switchboard/architecture';
import type { RuleSetFiles } from '../../lib/rule-sets';

/** A rule set's content as AgiFlow's architect.yaml and RULES.yaml, written as the server writes them. */
export function filesOf(ruleSet: Pick<RuleSet, 'content'>): RuleSetFiles {
  return {
    architectYaml: toArchitectYaml(ruleSet.content.patterns),
    rulesYaml: toRulesYaml(ruleSet.content),
  };
}

export interface FilesCheck {
  architectProblems: YamlError[];
  rulesProblems: YamlError[];
  /** Both files read: what they hold, for the readable view. */
  content: RuleSetContent | null;
}

/** Reads both files as the server does: an empty file is an empty list, not an error. */
export function checkRuleSetFiles(architectYaml: string, rulesYaml: string): FilesCheck {
  const patterns = architectYaml.trim() === '' ? null : parseArchitectYaml(architectYaml);
  const rules = rulesYaml.trim() === '' ? null : parseRulesYaml(rulesYaml);
  const architectProblems = patterns && !patterns.ok ? patterns.errors : [];
  const rulesProblems = rules && !rules.ok ? rules.errors : [];
  const content =
    architectProblems.length + rulesProblems.length === 0
      ? { ...(rules?.ok ? rules.value : { rules: [] }), patterns: patterns?.ok ? patterns.value : [] }
      : null;
  return { architectProblems, rulesProblems, content };
}
