import fc from 'fast-check';
import picomatch from 'picomatch/posix';
import { describe, expect, it } from 'vitest';
import { compileGlob, globProblem } from './glob-match.js';

describe('compileGlob', () => {
  it.each([
    ['src/**/*.ts', 'src/a/b/c.ts', true],
    ['src/**/*.ts', 'src/c.ts', true],
    ['src/**/*.ts', 'lib/c.ts', false],
    ['*.ts', 'a.ts', true],
    ['*.ts', 'src/a.ts', false],
    ['**', '.github/workflows/ci.yml', true],
    ['**/*.{ts,tsx}', 'a/b.tsx', true],
    ['**/*.{ts,tsx}', 'a/b.js', false],
    ['src/{api,web/{pages,routes}}/*.ts', 'src/web/routes/x.ts', true],
    ['file[0-9].ts', 'file7.ts', true],
    ['file[!0-9].ts', 'file7.ts', false],
    ['a?c', 'abc', true],
    ['a?c', 'a/c', false],
    ['\\*.ts', '*.ts', true],
    ['\\*.ts', 'a.ts', false],
    ['[unclosed', '[unclosed', true],
    ['{single}', '{single}', true],
    ['./src/*.ts', 'src/a.ts', true],
  ])('%s against %s is %s', (glob, path, expected) => {
    expect(compileGlob(glob)(path)).toBe(expected);
  });

  it('finishes at once on globs that make regex matchers backtrack without end', () => {
    const started = performance.now();
    expect(compileGlob('*a*a*a*a*a*a*a*a*a*a*a*a*b')(`${'a'.repeat(1000)}c`)).toBe(false);
    expect(compileGlob('**/a/**/a/**/a/**/a/**/a/**/b')(`${'a/'.repeat(400)}c`)).toBe(false);
    // A backtracking matcher would take years on these; five seconds leaves room for a busy machine.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses brace expansions that would multiply without bound', () => {
    expect(globProblem('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}')).toBe(
      "The glob's {…} alternatives expand to more than 256 globs.",
    );
    expect(globProblem('src/{a,b}/**')).toBeUndefined();
    expect(compileGlob('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}')('aaaaaaaaa')).toBe(false);
  });

  it('agrees with picomatch on ordinary globs', () => {
    // Repository paths are normalised: never a `.` or `..` segment.
    const segment = fc.oneof(
      fc.constantFrom('src', 'lib', 'a', 'b.ts', 'index.ts', '.hidden', 'x.test.ts'),
      fc.stringMatching(/^[ab.]{1,4}$/).filter((text) => text !== '.' && text !== '..'),
    );
    const globSegment = fc.oneof(
      segment,
      // Not `[!a]`: picomatch reads it as "[!a]", "!" or "a"; minimatch (AgiFlow's matcher) and this
      // one read it as "not a", like `[^a]`.
      fc.constantFrom('*', '**', '*.ts', 'a*', '*b*', '?.ts', '[ab]*', '[^a]*', '{a,b}.ts', '*.{ts,js}'),
    );
    fc.assert(
      fc.property(
        fc.array(globSegment, { minLength: 1, maxLength: 4 }),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        (globParts, pathParts) => {
          const glob = globParts.join('/');
          const path = pathParts.join('/');
          expect(compileGlob(glob)(path), `${glob} ~ ${path}`).toBe(picomatch(glob, { dot: true })(path));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
