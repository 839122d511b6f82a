import { matchesGlob } from '../globs.js';

/**
 * Whether a module specifier falls under a forbidden-import pattern. A pattern covers a module and
 * everything inside it: `axios` covers `axios/lib/core`, `@internal/*` covers `@internal/db/client`,
 * `../**\/db/*` covers `../../db/client`. Patterns are globs (`*` within a segment, `**` across).
 */
export function specifierMatches(pattern: string, specifier: string): boolean {
  const glob = withNamedDotSegments(pattern);
  const segments = withNamedDotSegments(specifier).split('/');
  for (let count = segments.length; count > 0; count--) {
    if (matchesGlob(glob, segments.slice(0, count).join('/'))) return true;
  }
  return false;
}

// Glob matchers never let `*` or `**` stand for `.` and `..` segments; relative specifiers are made
// of them, so both sides name them alike before matching.
function withNamedDotSegments(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment === '..' ? '%up%' : segment === '.' ? '%here%' : segment))
    .join('/');
}
