/**
 * Why the engine refused its input. The server maps each code to its own error registry; the CLI
 * prints the message. Codes, never messages, are what callers match on.
 */
export type ArchitectureErrorCode =
  | 'PATH_INVALID'
  | 'CONTENT_TOO_LARGE'
  | 'CHECK_TIMED_OUT'
  /** A path's match against a rule set's globs passed the step limit. */
  | 'MATCH_TOO_COSTLY';

export class ArchitectureError extends Error {
  readonly code: ArchitectureErrorCode;

  constructor(code: ArchitectureErrorCode, message: string) {
    super(message);
    this.name = 'ArchitectureError';
    this.code = code;
  }
}

export function isArchitectureError(error: unknown): error is ArchitectureError {
  return error instanceof ArchitectureError;
}
