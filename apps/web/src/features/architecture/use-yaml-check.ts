import { useDeferredValue, useMemo } from 'react';
import { checkRuleSetFiles, type FilesCheck } from './rule-set-files';

/**
 * The two files checked with the server's own parsers as the person types. Deferred, so a long file
 * never makes typing lag: the check catches up when the keyboard rests.
 */
export function useYamlCheck(architectYaml: string, rulesYaml: string): FilesCheck {
  const architect = useDeferredValue(architectYaml);
  const rules = useDeferredValue(rulesYaml);
  return useMemo(() => checkRuleSetFiles(architect, rules), [architect, rules]);
}
