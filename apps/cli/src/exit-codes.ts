import { ApiError } from '@switchboard/api-client/errors';
import { CommanderError } from 'commander';

/** DESIGN §9: what scripts calling `switchboard` can rely on. */
export const EXIT_CODES = {
  OK: 0,
  FAILURE: 1,
  USAGE: 2,
  /** Not logged in, or the credentials were refused. */
  AUTH: 3,
  NOT_FOUND: 4,
} as const;

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/**
 * An error the CLI expects and explains: the top-level catch prints its message without a stack trace
 * and exits with `exitCode`. Commands throw one of these instead of calling process.exit.
 */
export class CliError extends Error {
  override name = 'CliError';
  readonly exitCode: ExitCode;

  constructor(message: string, exitCode: ExitCode = EXIT_CODES.FAILURE, options?: ErrorOptions) {
    super(message, options);
    this.exitCode = exitCode;
  }
}

/** Bad flags or arguments that commander cannot see, e.g. a check inside an action. */
export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string, options?: ErrorOptions) {
    super(message, EXIT_CODES.USAGE, options);
  }
}

export class AuthError extends CliError {
  override name = 'AuthError';
  constructor(message: string, options?: ErrorOptions) {
    super(message, EXIT_CODES.AUTH, options);
  }
}

export class NotFoundError extends CliError {
  override name = 'NotFoundError';
  constructor(message: string, options?: ErrorOptions) {
    super(message, EXIT_CODES.NOT_FOUND, options);
  }
}

/** The one mapping from anything thrown to the process exit code. */
export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  // Commander reports --help and --version as "errors" with exit code 0; every other error it raises
  // is about the command line itself.
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_CODES.OK : EXIT_CODES.USAGE;
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return EXIT_CODES.AUTH;
    if (error.status === 404) return EXIT_CODES.NOT_FOUND;
    return EXIT_CODES.FAILURE;
  }
  return EXIT_CODES.FAILURE;
}

/** The line the top-level catch prints for anything a command throws. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    return `error: not logged in, or this computer's login has ended (${error.message}). Run \`switchboard login\`.`;
  }
  if (error instanceof CliError || error instanceof ApiError) return `error: ${error.message}`;
  // Anything else is a bug: the stack is what a bug report needs.
  return error instanceof Error ? (error.stack ?? error.message) : `error: ${String(error)}`;
}
