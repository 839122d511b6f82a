/** The shape better-auth's client hands back in `{ error }`. */
export interface AuthErrorLike {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
}

// Habit 5: the web maps error codes to words; it never matches on the server's message text.
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Wrong email or password.',
  INVALID_PASSWORD: 'Wrong email or password.',
  INVALID_EMAIL: 'Enter a valid email address.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Sign in instead.',
  PASSWORD_TOO_SHORT: 'The password is too short: use at least 8 characters.',
  PASSWORD_TOO_LONG: 'The password is too long.',
  EMAIL_NOT_VERIFIED: 'Verify your email address first: check your inbox for the link.',
  MISSING_OR_NULL_ORIGIN:
    'The request was refused because it did not come from this site. Reload the page and try again.',
  INVALID_ORIGIN:
    'The request was refused because it did not come from this site. Reload the page and try again.',
  FORBIDDEN_ORIGIN:
    'The request was refused because it did not come from this site. Reload the page and try again.',
  PROVIDER_NOT_FOUND: 'This sign-in method is not enabled on this server.',
  FAILED_TO_CREATE_USER: 'The account could not be created. Try again.',
  FAILED_TO_CREATE_SESSION: 'You could not be signed in. Try again.',
};

/** Words for an auth failure, safe to show next to the form. */
export function describeAuthError(
  error: AuthErrorLike | null | undefined,
  fallback = 'Something went wrong. Try again.',
): string {
  if (!error) return fallback;
  const known = error.code ? MESSAGES[error.code] : undefined;
  if (known) return known;
  if (error.status === 429) return 'Too many attempts. Wait a minute, then try again.';
  if (error.status !== undefined && error.status >= 500)
    return 'The server had a problem. Try again in a moment.';
  return fallback;
}
