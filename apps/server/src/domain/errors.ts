import { ERROR_CODES, type ErrorCode } from '@switchboard/api-client/errors';

export interface AppErrorOptions {
  /** When the caller may try again (429, 503), in seconds. */
  retryAfterSeconds?: number;
}

/**
 * The one error the server throws on purpose: a code from the contract's registry, the words for it and
 * any details. The domain throws it; HTTP routes and MCP tools render it in their own shapes.
 */
export class AppError extends Error {
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code].message,
    readonly details?: unknown,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

// deadlock_detected, serialization_failure, unique_violation
const CONCURRENCY_CODES = new Set(['40P01', '40001', '23505']);
// Data exceptions (a value out of range, text the encoding refuses) and program limits (a value too
// large for an index): the input was at fault, whatever check should have caught it first.
const INPUT_CLASSES = new Set(['22', '54']);

/** The SQLSTATE of a PostgreSQL error, also when Drizzle wraps it. */
export function postgresErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A database failure the caller can act on, as the error it gets: a collision between two writers
 * (retry) or a value the database refused (fix the input). Undefined for anything else.
 */
export function databaseFailure(error: unknown): AppError | undefined {
  const code = postgresErrorCode(error);
  if (!code) return undefined;
  if (CONCURRENCY_CODES.has(code)) {
    // The loser of a deadlock, a serialisation failure or a duplicate key may simply retry.
    return new AppError('CONFLICT', 'Another change got there first; try again.');
  }
  if (INPUT_CLASSES.has(code.slice(0, 2))) {
    return new AppError('VALIDATION_FAILED', 'A value is out of range, too large or not storable text.');
  }
  return undefined;
}

/**
 * An unexpected error as a log line that carries no request values: a database error gives its
 * name, SQLSTATE and query text, never the parameters or the server's message and detail (both quote
 * values: user text, key hashes). Any other error gives its stack, which the code wrote.
 */
export function describeForLog(error: unknown): string {
  const sqlState = postgresErrorCode(error);
  const name = error instanceof Error ? error.name : typeof error;
  if (sqlState) {
    const query = queryTextOf(error);
    return `${name} (SQLSTATE ${sqlState})${query ? ` in query: ${query}` : ''}`;
  }
  if (error instanceof Error) return error.stack ?? `${name}: ${error.message}`;
  return name;
}

/** The SQL text Drizzle attaches to a failed query (its parameters sit apart, in `params`). */
function queryTextOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const query = (current as { query?: unknown }).query;
    if (typeof query === 'string') return query;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
