/** The flags every rule regex runs with: `^` and `$` match at line ends, as rule writers expect. */
export const ruleRegexFlags = 'm';

/** Why a rule's regex cannot be used, or undefined when it compiles. */
export function regexProblem(source: string): string | undefined {
  if (source.length === 0) return 'The regex is empty; it would match every file.';
  if (source.length > 1000) return 'The regex is longer than 1000 characters.';
  try {
    new RegExp(source, ruleRegexFlags);
    return undefined;
  } catch (error) {
    return `Not a valid regex: ${error instanceof Error ? error.message : String(error)}`;
  }
}
