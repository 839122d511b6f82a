import { RULE_SET_LIMITS } from '@switchboard/api-client/contract';
import { compileGlob, type GlobMatcher, MatchBudget } from './glob-match.js';

export { MatchBudget };

// Rule sets are matched against many files; compiling each glob once saves most of the work. The cache
// holds every glob of several rule sets at their limit, and forgets the least recently used first, so a
// large set is never compiled again glob by glob while it is being matched.
const compiled = new Map<string, GlobMatcher>();
const cacheLimit = 4 * RULE_SET_LIMITS.globsPerSet;

function matcherFor(glob: string): GlobMatcher {
  let matcher = compiled.get(glob);
  if (matcher) {
    compiled.delete(glob);
  } else {
    matcher = compileGlob(glob);
    if (compiled.size >= cacheLimit) compiled.delete(compiled.keys().next().value as string);
  }
  compiled.set(glob, matcher);
  return matcher;
}

export function matchesGlob(glob: string, path: string, budget?: MatchBudget): boolean {
  return matcherFor(glob)(path, budget);
}

/**
 * Whether a path falls under a list of globs where a leading `!` excludes: some include matches and
 * no exclude does.
 */
export function matchesGlobList(globs: readonly string[], path: string, budget = new MatchBudget()): boolean {
  let included = false;
  for (const glob of globs) {
    if (glob.startsWith('!')) {
      if (matchesGlob(glob.slice(1), path, budget)) return false;
    } else if (!included && matchesGlob(glob, path, budget)) {
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
