import type { ApiError } from '@switchboard/api-client/errors';

/**
 * The server's own words for a failed call, whichever shape they came in: our `{ error: { message,
 * details } }`, better-auth's `{ code, message }`, OAuth's `{ error, error_description }`, or a plain
 * text body. The status line ("400 Bad Request") says nothing a person can act on, so it is only the
 * last resort, and then says that the server gave no reason.
 */
export function serverMessageOf(error: ApiError): string {
  const body = error.body;
  const ours = ourErrorOf(body);
  if (ours) return [ours.message, ...ours.issues.map((issue) => `  ${issue}`)].join('\n');
  if (typeof body === 'object' && body !== null) {
    if ('message' in body && typeof body.message === 'string' && body.message) return body.message;
    if ('error_description' in body && typeof body.error_description === 'string' && body.error_description)
      return body.error_description;
    if ('error' in body && typeof body.error === 'string' && body.error)
      return body.error.replaceAll('_', ' ');
  }
  if (typeof body === 'string' && body.trim() && !body.trimStart().startsWith('<')) return body.trim();
  // A message of the client's own (a failed fetch, an unexpected answer) is already a sentence.
  if (!/^\d{3}\b/.test(error.message)) return error.message;
  const status = `${error.status} ${error.statusText}`.trim();
  return `the server answered ${status} without saying why`;
}

/** `{ error: { message, details } }`: the message, and each validation issue as `path: message`. */
function ourErrorOf(body: unknown): { message: string; issues: string[] } | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const inner: unknown = body.error;
  if (typeof inner !== 'object' || inner === null) return undefined;
  if (!('message' in inner) || typeof inner.message !== 'string' || !inner.message) return undefined;
  const details: unknown = 'details' in inner ? inner.details : undefined;
  return { message: inner.message, issues: Array.isArray(details) ? details.flatMap(issueLine) : [] };
}

function issueLine(issue: unknown): string[] {
  if (typeof issue !== 'object' || issue === null) return [];
  const message = 'message' in issue && typeof issue.message === 'string' ? issue.message : undefined;
  if (!message) return [];
  const path = 'path' in issue && Array.isArray(issue.path) ? issue.path.map(String).join('.') : '';
  return [path ? `${path}: ${message}` : message];
}
