import { AuthCallError } from './auth-call';

/** Spec §8's access messages, word for word. */
export const NOT_AUTHORIZED = 'Not authorized';
export const notAllowedMessage = (resource: string) => `not allowed to access resource ${resource}`;
export const unauthorizedMessage = (resource: string) => `unauthorized to access resource ${resource}`;

/**
 * The spec §8 message for an API refusal: 403 → 'not allowed to access resource {name}', 401 →
 * 'unauthorized to access resource {name}', either without a resource name → 'Not authorized'.
 * Anything else is not an access refusal: undefined.
 */
export function accessMessage(status: number | undefined, resource?: string): string | undefined {
  if (status !== 401 && status !== 403) return undefined;
  if (!resource) return NOT_AUTHORIZED;
  return status === 403 ? notAllowedMessage(resource) : unauthorizedMessage(resource);
}

export interface AccessProblem {
  /** 'Not authorized' */
  title: string;
  /** The spec message, as a sentence. */
  message: string;
  /** What the person can do about it. */
  hint: string;
  /** 401: the session is gone and the person should sign in again. */
  signedOut: boolean;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** Clear words for a 401/403 from the API about `resource`; undefined for any other failure. */
export function describeAccessProblem(error: unknown, resource?: string): AccessProblem | undefined {
  const status = statusOf(error);
  const message = accessMessage(status, resource);
  if (!message) return undefined;
  const signedOut = status === 401;
  return {
    title: NOT_AUTHORIZED,
    message: sentence(message),
    hint: signedOut
      ? 'Your session has ended. Sign in again to continue.'
      : 'Your role in this organization does not allow this. Ask an owner or an admin.',
    signedOut,
  };
}

/** The HTTP status of a failed call, whatever shape its error came in. */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof AuthCallError) return error.status;
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error as { status: unknown };
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}
