import { describe, expect, it } from 'vitest';
import { postSignInPath, safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/projects', '/dashboard/projects'],
    ['/auth/cli-verify?code=ABCD-1234', '/auth/cli-verify?code=ABCD-1234'],
    ['/dashboard/projects?tab=open#top', '/dashboard/projects?tab=open#top'],
    ['/dashboard/../settings', '/settings'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    'https://evil.test/dashboard',
    '//evil.test/dashboard',
    '/\\evil.test',
    '\\\\evil.test',
    'javascript:alert(1)',
    'dashboard',
    '/\t/evil.test',
    '/\n/evil.test',
    '',
    ' /dashboard',
  ])('refuses %j', (input) => {
    expect(safeRedirectPath(input)).toBeUndefined();
  });

  it('refuses values that are not strings', () => {
    expect(safeRedirectPath(undefined)).toBeUndefined();
    expect(safeRedirectPath(42)).toBeUndefined();
    expect(safeRedirectPath({ href: '/dashboard' })).toBeUndefined();
  });

  it('refuses absurdly long values', () => {
    expect(safeRedirectPath(`/${'a'.repeat(5_000)}`)).toBeUndefined();
  });
});

describe('postSignInPath', () => {
  it('goes to the redirect when it is safe, else the dashboard', () => {
    expect(postSignInPath('/dashboard/projects')).toBe('/dashboard/projects');
    expect(postSignInPath('https://evil.test')).toBe('/dashboard');
    expect(postSignInPath(undefined)).toBe('/dashboard');
  });
});
