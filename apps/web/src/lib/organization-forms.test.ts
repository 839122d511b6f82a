import { describe, expect, it } from 'vitest';
import {
  createOrganizationSchema,
  inviteMemberSchema,
  organizationProfileSchema,
  profileSchema,
  slugify,
  validateForm,
} from './organization-forms';

describe('slugify', () => {
  it.each([
    ['Acme Robotics, Inc.', 'acme-robotics-inc'],
    ['  Crème Brûlée  ', 'creme-brulee'],
    ["Ada's workspace", 'ada-s-workspace'],
    ['---', ''],
    ['a'.repeat(80), 'a'.repeat(48)],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('form schemas', () => {
  it('accepts a good organization and reports every bad field', () => {
    expect(validateForm(createOrganizationSchema, { name: ' Acme ', slug: 'acme' })).toEqual({
      ok: true,
      data: { name: 'Acme', slug: 'acme' },
    });
    expect(validateForm(createOrganizationSchema, { name: '', slug: 'Not A Slug' })).toEqual({
      ok: false,
      errors: {
        name: 'Enter a name.',
        slug: 'Use lowercase letters, digits and single dashes (e.g. acme-robotics).',
      },
    });
  });

  it('takes an empty logo as none and refuses addresses that are not http(s)', () => {
    expect(validateForm(organizationProfileSchema, { name: 'Acme', slug: 'acme', logo: '' }).ok).toBe(true);
    expect(
      validateForm(organizationProfileSchema, {
        name: 'Acme',
        slug: 'acme',
        logo: 'https://example.com/l.png',
      }).ok,
    ).toBe(true);
    expect(
      validateForm(organizationProfileSchema, { name: 'Acme', slug: 'acme', logo: 'javascript:alert(1)' }),
    ).toEqual({
      ok: false,
      errors: { logo: 'Enter an address starting with https://.' },
    });
  });

  it('normalises an invited address and knows the three roles', () => {
    expect(inviteMemberSchema.parse({ email: ' Bob@Example.TEST ', role: 'admin' })).toEqual({
      email: 'bob@example.test',
      role: 'admin',
    });
    expect(validateForm(inviteMemberSchema, { email: 'bob', role: 'king' })).toEqual({
      ok: false,
      errors: { email: 'Enter a valid email address.', role: 'Choose a role.' },
    });
  });

  it('validates the profile', () => {
    expect(validateForm(profileSchema, { name: '  ', image: '' })).toEqual({
      ok: false,
      errors: { name: 'Enter a name.' },
    });
  });
});
