import {
  parseArchitectYaml,
  parseRulesYaml,
  type RuleSetContent,
  toArchitectYaml,
  toRulesYaml,
  type YamlError,
} from '@switchboard/architecture';
import { AppError } from '../http/errors';

type YamlField = 'architectYaml' | 'rulesYaml';

/** The first few errors, each with its line, for people; all of them, with lines, in `details`. */
function yamlRefusal(errors: Array<YamlError & { field: YamlField }>): AppError {
  const words = errors
    .slice(0, 3)
    .map((error) => `${error.field} line ${error.line}: ${error.message}`)
    .join('; ');
  return new AppError(
    'VALIDATION_FAILED',
    words,
    errors.map((error) => ({
      path: [error.field],
      line: error.line,
      ...(error.column === undefined ? {} : { column: error.column }),
      message: error.message,
    })),
  );
}

/** AgiFlow's two files as one rule set; an empty text is an empty list. Errors name their line. */
export function parseRuleSetText(text: { architectYaml: string; rulesYaml: string }): RuleSetContent {
  const patterns = text.architectYaml.trim() === '' ? null : parseArchitectYaml(text.architectYaml);
  const rules = text.rulesYaml.trim() === '' ? null : parseRulesYaml(text.rulesYaml);
  const errors = [
    ...(patterns && !patterns.ok
      ? patterns.errors.map((error) => ({ ...error, field: 'architectYaml' as const }))
      : []),
    ...(rules && !rules.ok ? rules.errors.map((error) => ({ ...error, field: 'rulesYaml' as const })) : []),
  ];
  if (errors.length > 0) throw yamlRefusal(errors);
  const parsedRules = rules?.ok ? rules.value : { rules: [] };
  return { ...parsedRules, patterns: patterns?.ok ? patterns.value : [] };
}

/**
 * Structured content checked as strictly as YAML is (regex syntax, duplicate ids): it goes through the
 * same parser, so both forms accept exactly the same rule sets.
 */
export function validatedContent(content: RuleSetContent): RuleSetContent {
  return parseRuleSetText(ruleSetAsYaml(content));
}

export function ruleSetAsYaml(content: RuleSetContent): { architectYaml: string; rulesYaml: string } {
  return { architectYaml: toArchitectYaml(content.patterns), rulesYaml: toRulesYaml(content) };
}
