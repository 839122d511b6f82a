import type { ErrorCode } from '@switchboard/api-client/errors';

/**
 * What deleting an account or changing its address can be refused with; status and words live in the
 * shared registry.
 */
export const ACCOUNT_ERROR_CODES = [
  'PASSWORD_REQUIRED',
  'EMAIL_IN_USE',
  'SOLE_OWNER_OF_SHARED_ORGANIZATION',
] as const satisfies readonly ErrorCode[];

export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];
