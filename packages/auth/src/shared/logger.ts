import { APIError } from 'better-auth/api';
import { authError } from './errors';

type Level = 'debug' | 'info' | 'warn' | 'error';

/** No logged piece is longer than this: a message or value can carry what a client sent. */
export const MAX_LOGGED_LENGTH = 500;

/** `text`, cut to `MAX_LOGGED_LENGTH` characters with a note of how much was left out. */
export function clipped(text: string): string {
  if (text.length <= MAX_LOGGED_LENGTH) return text;
  return `${text.slice(0, MAX_LOGGED_LENGTH)}… (${text.length - MAX_LOGGED_LENGTH} more characters)`;
}

/**
 * What a log line may say about one of better-auth's log arguments. Errors from the database carry
 * the failed query's parameters (user text, key hashes) in their message after the first line, and in
 * `params`/`detail`: only the error's name, its SQLSTATE and the first line of its message are kept.
 * Drizzle's wrapper makes that first line the query itself, so the driver's own words are used instead:
 * the log says what failed, never the SQL. Other objects may hold request bodies, so they are named,
 * not printed, and text is clipped.
 */
export function safeLogArgument(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return clipped(String(value));
  if (value instanceof Error) {
    const code = sqlStateOf(value);
    return `${value.name}${code ? ` (SQLSTATE ${code})` : ''}: ${clipped(wordsOf(value))}`;
  }
  return value === null || value === undefined ? String(value) : `[${typeof value}]`;
}

/** The first line of an error's message, or of its cause's when its own is the failed query. */
function wordsOf(error: Error): string {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 3; depth++) {
    const firstLine = current.message.split('\n')[0] ?? '';
    if (!firstLine.startsWith('Failed query')) return firstLine;
    current = current.cause;
  }
  return 'a database query failed';
}

/** The SQLSTATE of PostgreSQL's unique violation: a second row with a value that must be unique. */
const UNIQUE_VIOLATION = '23505';

function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * better-auth's log lines, as its default logger writes them, minus two that are the caller's doing,
 * not the server's: the api-key plugin logs every wrong, revoked or expired key it is shown as an error
 * (answered 401; a client retrying a bad key would flood the log), and a sign-up that lost a race for
 * its address.
 */
export function logBetterAuth(level: Level, message: string, ...args: unknown[]) {
  if (message.startsWith('Failed to validate API key')) return;
  // Two sign-ups for one address at once (a double click): the later one finds the address taken as
  // it inserts, and is answered as a sign-up for an existing address (sign-up-race). Not a fault.
  if (message === 'Failed to create user' && args.some((arg) => sqlStateOf(arg) === UNIQUE_VIOLATION)) return;
  const line = [`${new Date().toISOString()} ${level.toUpperCase()} [Better Auth]: ${clipped(message)}`]
    .concat(args.map(safeLogArgument))
    .join(' ');
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

/**
 * better-auth's last word on an error it did not expect. Left alone, its router prints the whole error
 * (a database error's parameters: whatever the client sent) and answers an empty 500. Here the error
 * is logged as every other line is, and the answer is the registry's INTERNAL_ERROR in better-auth's
 * shape. Errors it raised on purpose (APIError, a 4xx or a redirect) go through untouched.
 */
export function onUnexpectedAuthError(error: unknown): void {
  if (error instanceof APIError) {
    if (error.statusCode >= 500) logBetterAuth('error', error.message, error);
    return;
  }
  logBetterAuth('error', 'Unexpected error', error);
  throw authError('INTERNAL_ERROR');
}
