import type { ErrorCode } from '@switchboard/api-client/errors';

/**
 * What the device login guard answers in the registry's terms. Malformed device requests answer in the
 * RFC 8628 shape instead ({error: 'invalid_request', error_description}), which device clients expect.
 */
export const DEVICE_ERROR_CODES = ['TOO_MANY_WRONG_CODES'] as const satisfies readonly ErrorCode[];

export type DeviceErrorCode = (typeof DEVICE_ERROR_CODES)[number];
