type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * better-auth's log lines, as its default logger writes them, minus one: the api-key plugin logs every
 * wrong, revoked or expired key it is shown as an error, though that is the caller's mistake (answered
 * 401) and a client retrying a bad key would flood the log.
 */
export function logBetterAuth(level: Level, message: string, ...args: unknown[]) {
  if (message.startsWith('Failed to validate API key')) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase()} [Better Auth]: ${message}`;
  if (level === 'error') console.error(line, ...args);
  else if (level === 'warn') console.warn(line, ...args);
  else console.log(line, ...args);
}
