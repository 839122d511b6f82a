import {
  parseArchitectYaml,
  parseRulesYaml,
  type RuleSetContent,
  type YamlError,
} from '@switchboard/architecture';
import { useDeferredValue, useMemo } from 'react';

export interface YamlCheck {
  architectProblems: YamlError[];
  rulesProblems: YamlError[];
  /** Both files read: what they hold, for the readable view. */
  content: RuleSetContent | null;
}

/** Reads both files as the server does: an empty file is an empty list, not an error. */
export function checkRuleSetFiles(architectYaml: string, rulesYaml: string): YamlCheck {
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

/**
 * The two files checked with the server's own parsers as the person types. Deferred, so a long file
 * never makes typing lag: the check catches up when the keyboard rests.
 */
export function useYamlCheck(architectYaml: string, rulesYaml: string): YamlCheck {
  const architect = useDeferredValue(architectYaml);
  const rules = useDeferredValue(rulesYaml);
  return useMemo(() => checkRuleSetFiles(architect, rules), [architect, rules]);
}
