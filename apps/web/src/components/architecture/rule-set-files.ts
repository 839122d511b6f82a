import type { RuleSet } from '@switchboard/api-client/contract';
import {
  parseRuleSetFiles,
  type RuleSetContent,
  toRuleSetFiles,
  type YamlError,
} from '@switchboard/architecture';
import type { RuleSetFiles } from '../../lib/rule-sets';

/** A rule set's content as AgiFlow's architect.yaml and RULES.yaml, written as the server writes them. */
export function filesOf(ruleSet: Pick<RuleSet, 'content'>): RuleSetFiles {
  return toRuleSetFiles(ruleSet.content);
}

export interface FilesCheck {
  architectProblems: YamlError[];
  rulesProblems: YamlError[];
  /** Both files read: what they hold, for the readable view. */
  content: RuleSetContent | null;
}

/** Reads both files as the server does: an empty file is an empty list, not an error. */
export function checkRuleSetFiles(architectYaml: string, rulesYaml: string): FilesCheck {
  const { architectErrors, rulesErrors, content } = parseRuleSetFiles({ architectYaml, rulesYaml });
  return { architectProblems: architectErrors, rulesProblems: rulesErrors, content };
}
