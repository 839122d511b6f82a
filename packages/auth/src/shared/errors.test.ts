import { ERROR_CODES } from '@switchboard/api-client/errors';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERROR_CODES } from '../account/error-codes';
import { API_KEY_ERROR_CODES } from '../api-keys/error-codes';
import { BILLING_ERROR_CODES } from '../billing/error-codes';
import { DEVICE_ERROR_CODES } from '../device/error-codes';
import { ORGANIZATION_ERROR_CODES } from '../organization/error-codes';
import { authError } from './errors';

const everyAuthCode = [
  ...ACCOUNT_ERROR_CODES,
  ...API_KEY_ERROR_CODES,
  ...BILLING_ERROR_CODES,
  ...DEVICE_ERROR_CODES,
  ...ORGANIZATION_ERROR_CODES,
];

describe('authError', () => {
  it.each(everyAuthCode)('%s answers with the status and words of the registry', (code) => {
    const error = authError(code);
    expect(error.statusCode).toBe(ERROR_CODES[code].status);
    expect(error.body).toEqual({ code, message: ERROR_CODES[code].message });
  });

  it('takes a more precise message, a Retry-After (in the body too) and protocol fields without losing the code', () => {
    const error = authError('TOO_MANY_WRONG_CODES', 'Try again in 3 minutes.', {
      retryAfterSeconds: 179.2,
      fields: { error: 'slow_down', code: 'SPOOFED' },
    });
    expect(error.statusCode).toBe(429);
    expect(error.body).toEqual({
      error: 'slow_down',
      code: 'TOO_MANY_WRONG_CODES',
      message: 'Try again in 3 minutes.',
      retryAfterSeconds: 180,
    });
    expect(new Headers(error.headers).get('retry-after')).toBe('180');
  });
});
