type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * What a log line may say about one of better-auth's log arguments. Errors from the database carry
 * the failed query's parameters (user text, key hashes) in their message after the first line, and in
 * `params`/`detail`: only the error's name, its SQLSTATE and the first line of its message are kept.
 * Other objects may hold request bodies, so they are named, not printed.
 */
export function safeLogArgument(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (value instanceof Error) {
    const code = sqlStateOf(value);
    const firstLine = value.message.split('\n')[0] ?? '';
    return `${value.name}${code ? ` (SQLSTATE ${code})` : ''}: ${firstLine}`;
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
  const line = [`${new Date().toISOString()} ${level.toUpperCase()} [Better Auth]: ${message}`]
    .concat(args.map(safeLogArgument))
    .join(' ');
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}
