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
 * Other objects may hold request bodies, so they are named, not printed, and text is clipped.
 */
export function safeLogArgument(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return clipped(String(value));
  if (value instanceof Error) {
    const code = sqlStateOf(value);
    const firstLine = value.message.split('\n')[0] ?? '';
    return `${value.name}${code ? ` (SQLSTATE ${code})` : ''}: ${clipped(firstLine)}`;
  }
  return value === null || value === undefined ? String(value) : `[${typeof value}]`;
}

function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * better-auth's log lines, as its default logger writes them, minus one: the api-key plugin logs every
 * wrong, revoked or expired key it is shown as an error, though that is the caller's mistake (answered
 * 401) and a client retrying a bad key would flood the log.
 */
export function logBetterAuth(level: Level, message: string, ...args: unknown[]) {
  if (message.startsWith('Failed to validate API key')) return;
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
