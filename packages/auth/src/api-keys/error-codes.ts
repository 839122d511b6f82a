import type { ErrorCode } from '@switchboard/api-client/errors';

/** What the API key hooks answer; status and words live in the shared registry. */
export const API_KEY_ERROR_CODES = [
  'UNAUTHORIZED_SESSION',
  'INVALID_PREFIX',
  'INVALID_METADATA_TYPE',
  'INVALID_METADATA',
  'METADATA_FIXED',
  'NO_ACTIVE_ORGANIZATION',
  'ORGANIZATION_NOT_FOUND',
  'ORGANIZATION_NOT_ACTIVE',
  'AGENT_NOT_FOUND',
  'KEY_NOT_FOUND',
  'FORBIDDEN',
] as const satisfies readonly ErrorCode[];

export type ApiKeyErrorCode = (typeof API_KEY_ERROR_CODES)[number];
