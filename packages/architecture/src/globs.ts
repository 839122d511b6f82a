import { compileGlob, type GlobMatcher } from './glob-match.js';

type Matcher = GlobMatcher;

// Rule sets are matched against many files; compiling each glob once saves most of the work.
const compiled = new Map<string, Matcher>();
const cacheLimit = 2000;

function matcherFor(glob: string): Matcher {
  let matcher = compiled.get(glob);
  if (!matcher) {
    if (compiled.size >= cacheLimit) compiled.clear();
    matcher = compileGlob(glob);
    compiled.set(glob, matcher);
  }
  return matcher;
}

export function matchesGlob(glob: string, path: string): boolean {
  return matcherFor(glob)(path);
}

/**
 * Whether a path falls under a list of globs where a leading `!` excludes: some include matches and
 * no exclude does.
 */
export function matchesGlobList(globs: readonly string[], path: string): boolean {
  let included = false;
  for (const glob of globs) {
    if (glob.startsWith('!')) {
      if (matchesGlob(glob.slice(1), path)) return false;
    } else if (!included && matchesGlob(glob, path)) {
      included = true;
    }
  }
  return included;
}

/** The forms of a path rules are matched against: itself, then without a leading `src/`. */
export function pathCandidates(path: string): string[] {
  return path.startsWith('src/') ? [path, path.slice('src/'.length)] : [path];
}

export function hasGlobSyntax(glob: string): boolean {
  return /[*?[\]{}()!+@]/.test(glob);
}
