/**
 * Why the engine refused its input. The server maps each code to its own error registry; the CLI
 * prints the message. Codes, never messages, are what callers match on.
 */
export type ArchitectureErrorCode =
  | 'PATH_INVALID'
  | 'CONTENT_TOO_LARGE'
  /** The diff is not a unified diff, has no hunk of the file, or does not describe the content. */
  | 'DIFF_INVALID'
  | 'CHECK_TIMED_OUT'
  /** A check could not run (its regex did not compile, its worker failed). */
  | 'CHECK_FAILED';

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
