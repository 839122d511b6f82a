import { describe, expect, it } from 'vitest';
import { ArchitectureError } from './errors.js';
import { normaliseRepoPath } from './paths.js';

describe('normaliseRepoPath', () => {
  it('keeps a plain relative path and tidies slashes and dot segments', () => {
    expect(normaliseRepoPath('src/a.ts')).toBe('src/a.ts');
    expect(normaliseRepoPath('./src//lib\\b.ts')).toBe('src/lib/b.ts');
    expect(normaliseRepoPath('src/x/../a.ts')).toBe('src/a.ts');
  });

  it.each([
    ['../secrets.txt', 'leads outside the repository'],
    ['src/../../etc/passwd', 'leads outside the repository'],
    ['/etc/passwd', 'is absolute'],
    ['C:\\Windows\\system.ini', 'drive letter'],
    ['\\\\server\\share', 'is absolute'],
    ['', 'is empty'],
    ['./', 'names no file'],
    ['a\0b', 'NUL'],
  ])('refuses %j', (path, why) => {
    const refusal = (() => {
      try {
        normaliseRepoPath(path);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ArchitectureError);
    expect((refusal as ArchitectureError).code).toBe('PATH_INVALID');
    expect((refusal as ArchitectureError).message).toContain(why);
  });
});
