import type { RuleSet } from '@switchboard/api-client/contract';
import { parseRuleSetFiles, type RuleSetContent, type YamlError } from '@switchboard/architecture';
import type { RuleSetFiles } from './rule-sets';

/** A rule set's architect.yaml and RULES.yaml as the server keeps them: as written, comments and all. */
export function filesOf({
  architectYaml,
  rulesYaml,
}: Pick<RuleSet, 'architectYaml' | 'rulesYaml'>): RuleSetFiles {
  return { architectYaml, rulesYaml };
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
