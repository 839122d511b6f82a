import type { ErrorInfo } from 'react';

/**
 * An answer the API gave on purpose (a 4xx: not found, not allowed, a stale version). Recognised by
 * name rather than `instanceof ApiError`, so the entry chunk does not carry the API client and zod.
 */
export function isAnsweredRequest(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'ApiError' || !('status' in error)) return false;
  const { status } = error;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * What React does with an error an error boundary caught. React logs every one as a console error; a
 * route that answers "not found" with a page saying so, or a section that shows a refusal in its
 * place, has handled it, so only the rest is logged as a fault.
 */
export function reportCaughtError(
  error: unknown,
  info: Pick<ErrorInfo, 'componentStack'>,
  log: (...data: unknown[]) => void = console.error,
): void {
  if (isAnsweredRequest(error)) return;
  log(error, info.componentStack ?? '');
}
