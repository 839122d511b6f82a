/**
 * Why the template engine refused its input. The server maps each code to its own error registry and
 * the CLI prints the message; callers match on codes, never on messages.
 */
export type TemplateErrorCode =
  | 'INVALID_SCAFFOLD_YAML'
  | 'INVALID_VARIABLES'
  | 'METHOD_NOT_FOUND'
  | 'INCLUDE_NOT_FOUND'
  | 'UNSAFE_PATH'
  | 'TEMPLATE_TOO_LARGE'
  | 'OUTPUT_TOO_LARGE'
  | 'RENDER_FAILED'
  | 'RENDER_TIMED_OUT';

/** One problem with a field or a line, for editors and API answers that list them. */
export interface TemplateProblem {
  field: string;
  message: string;
  line?: number;
}

export class TemplateError extends Error {
  readonly code: TemplateErrorCode;
  readonly problems: TemplateProblem[];

  constructor(code: TemplateErrorCode, message: string, problems: TemplateProblem[] = []) {
    super(message);
    this.name = 'TemplateError';
    this.code = code;
    this.problems = problems;
  }
}

export function isTemplateError(error: unknown): error is TemplateError {
  return error instanceof TemplateError;
}
