import {
  parseRuleSetFiles,
  type RuleSetContent,
  type RuleSetFiles,
  toRuleSetFiles,
  type YamlError,
} from '@switchboard/architecture';
import { AppError } from '../errors';

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
export function parseRuleSetText(text: RuleSetFiles): RuleSetContent {
  const reading = parseRuleSetFiles(text);
  if (reading.content) return reading.content;
  throw yamlRefusal([
    ...reading.architectErrors.map((error) => ({ ...error, field: 'architectYaml' as const })),
    ...reading.rulesErrors.map((error) => ({ ...error, field: 'rulesYaml' as const })),
  ]);
}

/**
 * Structured content checked as strictly as YAML is (regex syntax, duplicate ids): it goes through the
 * same parser, so both forms accept exactly the same rule sets.
 */
export function validatedContent(content: RuleSetContent): RuleSetContent {
  return parseRuleSetText(ruleSetAsYaml(content));
}

export function ruleSetAsYaml(content: RuleSetContent): RuleSetFiles {
  return toRuleSetFiles(content);
}
