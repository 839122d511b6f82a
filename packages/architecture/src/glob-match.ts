/**
 * Glob matching without regular expressions, so that no glob in a rule set can make matching slow:
 * each path segment is matched with the two-pointer wildcard algorithm (time bounded by pattern length
 * × segment length) and `**` across segments with a memoised table (glob segments × path segments).
 * A regex-based matcher backtracks exponentially on globs like `*a*a*a*a*b`, and rule sets are
 * written by people and matched on the server's thread.
 *
 * Supported, as minimatch and picomatch read them: `*` and `?` within a segment, `**` as a whole
 * segment for any number of segments, `[abc]`, `[a-z]`, `[!a]` / `[^a]`, `{a,b}` (nested too), and
 * `\` escapes. Dotfiles match like any other name. An unclosed `[` is a literal `[`.
 */

import { RULE_SET_LIMITS } from '@switchboard/api-client/contract';
import { ArchitectureError } from './errors.js';

type Token =
  | { kind: 'literal'; char: string }
  | { kind: 'any' }
  | { kind: 'star' }
  | { kind: 'class'; negated: boolean; ranges: [string, string][] };

type Segment = Token[] | 'globstar';

const { braceExpansionsPerGlob, globCharacters, matchSteps } = RULE_SET_LIMITS;

export class GlobError extends Error {}

/**
 * What matching may still spend: one step per table cell and per character compared. Matching a
 * path against a whole rule set shares one budget, so no crafted set of globs can hold the thread for
 * longer than the limit allows, whatever the path.
 */
export class MatchBudget {
  constructor(private steps: number = matchSteps) {}

  spend(steps: number): void {
    this.steps -= steps;
    if (this.steps < 0) {
      throw new ArchitectureError(
        'MATCH_TOO_COSTLY',
        `Matching this path against the rule set's globs passed the limit of ${matchSteps.toLocaleString('en')} steps; ` +
          'simplify the globs (fewer ** and {…} alternatives) or shorten the path.',
      );
    }
  }
}

export type GlobMatcher = (path: string, budget?: MatchBudget) => boolean;

/** A compiled glob: its matcher and how many globs its `{…}` alternatives expand to. */
export interface CompiledGlob {
  matches: GlobMatcher;
  expansions: number;
}

/**
 * A matcher for one glob. A glob `globProblem` refuses (rule files are checked when read; rule sets
 * written as JSON may not be) matches nothing rather than throwing in the middle of a review.
 */
export function compileGlob(glob: string): GlobMatcher {
  return compileGlobCounted(glob).matches;
}

export function compileGlobCounted(glob: string): CompiledGlob {
  if (globProblem(glob)) return { matches: () => false, expansions: 0 };
  const alternatives = expandBraces(glob).map((alternative) => segmentsOf(alternative));
  return {
    matches: (path, budget = new MatchBudget()) => {
      const parts = path.split('/');
      return alternatives.some((segments) => matchSegments(segments, parts, budget));
    },
    expansions: alternatives.length,
  };
}

/** Why a glob cannot be used, or undefined. */
export function globProblem(glob: string): string | undefined {
  if (glob.length > globCharacters)
    return `The glob is ${glob.length} characters long; the limit is ${globCharacters} characters per glob.`;
  try {
    expandBraces(glob);
    return undefined;
  } catch (error) {
    return error instanceof GlobError ? error.message : String(error);
  }
}

/** How many globs a glob's `{…}` alternatives expand to (1 without braces); 0 for a refused glob. */
export function braceExpansions(glob: string): number {
  return globProblem(glob) ? 0 : expandBraces(glob).length;
}

function expandBraces(glob: string): string[] {
  const open = findBraceOpen(glob);
  if (open === -1) return [glob];
  const close = findBraceClose(glob, open);
  if (close === -1) return [glob];
  const options = splitTopLevel(glob.slice(open + 1, close));
  // `{a}` is not an alternation in minimatch either: the braces stay literal.
  if (options.length < 2) return [glob];
  const before = glob.slice(0, open);
  const results: string[] = [];
  for (const rest of expandBraces(glob.slice(close + 1))) {
    for (const option of options) {
      for (const inner of expandBraces(option)) {
        results.push(before + inner + rest);
        if (results.length > braceExpansionsPerGlob) {
          throw new GlobError(
            `The glob's {…} alternatives expand to more than ${braceExpansionsPerGlob} globs, the limit per glob.`,
          );
        }
      }
    }
  }
  return results;
}

function findBraceOpen(glob: string): number {
  for (let index = 0; index < glob.length; index++) {
    if (glob[index] === '\\') index++;
    else if (glob[index] === '{') return index;
  }
  return -1;
}

function findBraceClose(glob: string, open: number): number {
  let depth = 0;
  for (let index = open; index < glob.length; index++) {
    const char = glob[index];
    if (char === '\\') index++;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return index;
  }
  return -1;
}

function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (char === '\\') index++;
    else if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(body.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

function segmentsOf(glob: string): Segment[] {
  const trimmed = glob.startsWith('./') ? glob.slice(2) : glob;
  const segments: Segment[] = [];
  for (const part of trimmed.split('/')) {
    const segment: Segment = part === '**' ? 'globstar' : tokensOf(part);
    // Consecutive `**` mean the same as one.
    if (segment === 'globstar' && segments.at(-1) === 'globstar') continue;
    segments.push(segment);
  }
  return segments;
}

function tokensOf(part: string): Token[] {
  const tokens: Token[] = [];
  for (let index = 0; index < part.length; index++) {
    const char = part[index] as string;
    if (char === '\\' && index + 1 < part.length) {
      tokens.push({ kind: 'literal', char: part[++index] as string });
    } else if (char === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (char === '?') {
      tokens.push({ kind: 'any' });
    } else if (char === '[') {
      const parsed = classAt(part, index);
      if (parsed) {
        tokens.push(parsed.token);
        index = parsed.end;
      } else tokens.push({ kind: 'literal', char });
    } else {
      tokens.push({ kind: 'literal', char });
    }
  }
  return tokens;
}

function classAt(part: string, open: number): { token: Token; end: number } | undefined {
  let index = open + 1;
  const negated = part[index] === '!' || part[index] === '^';
  if (negated) index++;
  const ranges: [string, string][] = [];
  let first = true;
  while (index < part.length) {
    let char = part[index] as string;
    if (char === ']' && !first) return { token: { kind: 'class', negated, ranges }, end: index };
    if (char === '\\' && index + 1 < part.length) char = part[++index] as string;
    if (part[index + 1] === '-' && index + 2 < part.length && part[index + 2] !== ']') {
      let to = part[index + 2] as string;
      index += 2;
      if (to === '\\' && index + 1 < part.length) to = part[++index] as string;
      ranges.push([char, to]);
    } else ranges.push([char, char]);
    first = false;
    index++;
  }
  return undefined;
}

function tokenMatches(token: Token, char: string): boolean {
  if (token.kind === 'literal') return token.char === char;
  if (token.kind === 'any') return true;
  if (token.kind === 'class') {
    const inside = token.ranges.some(([from, to]) => char >= from && char <= to);
    return inside !== token.negated;
  }
  return false;
}

/** The two-pointer wildcard match: on a mismatch, only the last star takes one more character. */
function matchSegment(tokens: Token[], text: string, budget: MatchBudget): boolean {
  budget.spend(text.length + 1);
  let token = 0;
  let position = 0;
  let starToken = -1;
  let starPosition = 0;
  while (position < text.length) {
    const current = tokens[token];
    if (current && current.kind !== 'star' && tokenMatches(current, text[position] as string)) {
      token++;
      position++;
    } else if (current?.kind === 'star') {
      starToken = token++;
      starPosition = position;
    } else if (starToken !== -1) {
      // Each retry from the last star walks the text again: that is the matcher's quadratic part.
      budget.spend(token - starToken);
      token = starToken + 1;
      position = ++starPosition;
    } else return false;
  }
  while (tokens[token]?.kind === 'star') token++;
  return token === tokens.length;
}

function endsWithoutStar(segment: Segment | undefined): boolean {
  return Array.isArray(segment) && segment.at(-1)?.kind !== 'star';
}

function matchSegments(segments: Segment[], parts: string[], budget: MatchBudget): boolean {
  // memo[i * (parts + 1) + j]: 0 unknown, 1 matches, 2 does not; filled from the end.
  const width = parts.length + 1;
  const memo = new Uint8Array((segments.length + 1) * width);
  const matches = (i: number, j: number): boolean => {
    const cell = i * width + j;
    if (memo[cell]) return memo[cell] === 1;
    budget.spend(1);
    let result: boolean;
    const segment = segments[i];
    if (segment === undefined) result = j === parts.length;
    // A trailing `/**` matches the folder itself unless the segment before it ends with a star:
    // `src/**` and `*.ts/**` match `src` and `a.ts`; `*/**` and `s*/**` do not match `src`. That is
    // how picomatch reads them.
    else if (segment === 'globstar' && i > 0 && i === segments.length - 1)
      result = j < parts.length || (j === parts.length && endsWithoutStar(segments[i - 1]));
    else if (segment === 'globstar') result = matches(i + 1, j) || (j < parts.length && matches(i, j + 1));
    else
      result = j < parts.length && matchSegment(segment, parts[j] as string, budget) && matches(i + 1, j + 1);
    memo[cell] = result ? 1 : 2;
    return result;
  };
  return matches(0, 0);
}
