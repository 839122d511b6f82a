import type { ErrorCode } from '@switchboard/api-client/errors';

/** What the billing guards answer; status and words live in the shared registry. */
export const BILLING_ERROR_CODES = [
  'ORGANIZATION_HAS_ACTIVE_SUBSCRIPTION',
] as const satisfies readonly ErrorCode[];
