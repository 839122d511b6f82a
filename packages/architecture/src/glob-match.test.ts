import { RULE_SET_LIMITS } from '@switchboard/api-client/contract';
import fc from 'fast-check';
import picomatch from 'picomatch/posix';
import { describe, expect, it } from 'vitest';
import { isArchitectureError } from './errors.js';
import { compileGlob, globProblem, MatchBudget } from './glob-match.js';

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
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses brace expansions that would multiply without bound', () => {
    expect(globProblem('{a,b}{a,b}{a,b}{a,b}{a,b}')).toBe(
      "The glob's {…} alternatives expand to more than 16 globs, the limit per glob.",
    );
    expect(globProblem('{a,b}{a,b}{a,b}{a,b}')).toBeUndefined();
    expect(globProblem('src/{a,b}/**')).toBeUndefined();
    expect(compileGlob('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}')('aaaaaaaaa')).toBe(false);
  });

  it('refuses a glob longer than the limit, naming it', () => {
    expect(globProblem(`src/${'a'.repeat(RULE_SET_LIMITS.globCharacters)}`)).toBe(
      `The glob is ${RULE_SET_LIMITS.globCharacters + 4} characters long; the limit is ${RULE_SET_LIMITS.globCharacters} characters per glob.`,
    );
  });

  it('stops a crafted set of globs at the step limit instead of holding the thread', () => {
    // Many ** segments against a deep path fill the whole table of glob segments × path folders.
    const glob = `${'**/a/'.repeat(18)}b`;
    const path = `${'a/'.repeat(500)}c`;
    const matchers = Array.from({ length: 200 }, (_, index) => compileGlob(`${glob}${index}`));
    const budget = new MatchBudget();
    let error: unknown;
    try {
      for (const matches of matchers) matches(path, budget);
    } catch (caught) {
      error = caught;
    }
    expect(isArchitectureError(error) && error.code).toBe('MATCH_TOO_COSTLY');
    expect((error as Error).message).toContain(RULE_SET_LIMITS.matchSteps.toLocaleString('en'));
  });

  it('matches an ordinary path against many ordinary globs well within one budget', () => {
    const budget = new MatchBudget(100_000);
    const globs = Array.from({ length: 300 }, (_, index) => compileGlob(`src/area${index}/**/*.{ts,tsx}`));
    expect(globs.filter((matches) => matches('src/area7/deep/er/file.tsx', budget))).toHaveLength(1);
  });

  it('answers any glob and path with a problem or a boolean, never another error', () => {
    const piece = fc.constantFrom('*', '**', '?', '/', '{', '}', ',', '[', ']', '!', '\\', 'a', 'b', '.');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.array(piece, { maxLength: 40 }), (glob, path) => {
        const text = glob.join('');
        expect(['string', 'undefined']).toContain(typeof globProblem(text));
        expect(typeof compileGlob(text)(path.join(''))).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
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
