import { ApiError, type ErrorCode } from '@switchboard/api-client/errors';
import { CommanderError } from 'commander';
import { serverMessageOf } from './server-message';

/** What scripts calling `switchboard` can rely on; they never change meaning. */
export const EXIT_CODES = {
  OK: 0,
  FAILURE: 1,
  USAGE: 2,
  /** Not logged in, or the credentials were refused. */
  AUTH: 3,
  NOT_FOUND: 4,
  /** The organization's plan allows no more of this (projects, agent profiles) until it is upgraded. */
  PLAN_LIMIT: 5,
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

/** Registry codes that mean "who you are, or where you act, is not accepted here". */
const AUTH_CODES: ReadonlySet<ErrorCode> = new Set([
  'UNAUTHENTICATED',
  'UNAUTHORIZED_SESSION',
  'FORBIDDEN',
  'FORBIDDEN_ORIGIN',
  'NO_ACTIVE_ORGANIZATION',
]);

/**
 * The exit code for an API error's registry code. The code, not the HTTP status, decides: a proxy's
 * bare 404 page is not "no such task", and the registry is the one vocabulary both sides share.
 */
export function exitCodeForApiCode(code: ErrorCode | undefined): ExitCode {
  if (code === undefined) return EXIT_CODES.FAILURE;
  if (code === 'VALIDATION_FAILED') return EXIT_CODES.USAGE;
  if (AUTH_CODES.has(code)) return EXIT_CODES.AUTH;
  if (code === 'PLAN_LIMIT_REACHED') return EXIT_CODES.PLAN_LIMIT;
  if (code === 'NOT_FOUND' || code.endsWith('_NOT_FOUND')) return EXIT_CODES.NOT_FOUND;
  return EXIT_CODES.FAILURE;
}

/** What to do next, for the codes where the CLI knows a command that helps. */
const NEXT_STEP: Partial<Record<ErrorCode, string>> = {
  UNAUTHENTICATED: "This computer's login has ended or was never made: run `switchboard login`.",
  NO_ACTIVE_ORGANIZATION: 'Choose one with `switchboard org use <organization>`.',
  PLAN_LIMIT_REACHED: 'An owner or admin can upgrade the organization in the web app: Settings → Billing.',
  // Exits 1 (FAILURE), like `switchboard review` with a HIGH finding: both mean "fix the code first".
  TASK_REVIEW_BLOCKED:
    'Fix the code (`switchboard review` checks it locally) and review the files again, or ask a person to dismiss the findings on the task page.',
};

/** The one mapping from anything thrown to the process exit code. */
export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  // Commander reports --help and --version as "errors" with exit code 0; every other error it raises
  // is about the command line itself.
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_CODES.OK : EXIT_CODES.USAGE;
  if (error instanceof ApiError) return exitCodeForApiCode(error.code);
  return EXIT_CODES.FAILURE;
}

/** What the top-level catch prints for anything a command throws: the server's own words for API errors. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const next = error.code === undefined ? undefined : NEXT_STEP[error.code];
    const message = serverMessageOf(error);
    return next ? `error: ${message}\n${next}` : `error: ${message}`;
  }
  if (error instanceof CliError) return `error: ${error.message}`;
  // Anything else is a bug: the stack is what a bug report needs.
  return error instanceof Error ? (error.stack ?? error.message) : `error: ${String(error)}`;
}
