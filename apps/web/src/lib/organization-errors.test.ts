import { describe, expect, it } from 'vitest';
import { AuthCallError } from './auth-call';
import { describeOrganizationError } from './organization-errors';

describe('describeOrganizationError', () => {
  it('words known codes, whatever their status', () => {
    expect(
      describeOrganizationError(new AuthCallError({ status: 400, code: 'ORGANIZATION_SLUG_ALREADY_TAKEN' })),
    ).toBe('That slug is already taken. Choose another one.');
    expect(
      describeOrganizationError(
        new AuthCallError({ status: 403, code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER' }),
      ),
    ).toMatch(/only owner/);
  });

  it('uses the spec §8 access messages for other refusals', () => {
    const refused = new AuthCallError({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION',
    });
    expect(describeOrganizationError(refused, 'fallback', 'organization')).toBe(
      'Not allowed to access resource organization. Your role in this organization does not allow this. Ask an owner or an admin.',
    );
    expect(describeOrganizationError(new AuthCallError({ status: 401 }), 'fallback')).toMatch(
      /^Not authorized\./,
    );
  });

  it('falls back to the caller’s words', () => {
    expect(
      describeOrganizationError(new AuthCallError({ status: 400, code: 'SOMETHING_NEW' }), 'Could not save.'),
    ).toBe('Could not save.');
    expect(describeOrganizationError(new TypeError('Failed to fetch'), 'Could not save.')).toBe(
      'Could not save.',
    );
    expect(describeOrganizationError(new AuthCallError({ status: 503 }), 'Could not save.')).toMatch(
      /server/,
    );
  });
});
