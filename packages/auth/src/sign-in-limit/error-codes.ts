import type { ErrorCode } from '@switchboard/api-client/errors';

/** What the per-account sign-in limit answers; status and words live in the shared registry. */
export const SIGN_IN_LIMIT_ERROR_CODES = ['RATE_LIMITED'] as const satisfies readonly ErrorCode[];

export type SignInLimitErrorCode = (typeof SIGN_IN_LIMIT_ERROR_CODES)[number];
