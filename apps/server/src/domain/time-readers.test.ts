import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The domain reads the time from the clock it is handed (services.clock, or the `now` of its change),
 * never from the system or the database, so a test server given a clock it moves sees leases run
 * out, sessions go silent and retries fall due without waiting. The system clock itself is read in
 * one place, services.ts.
 */

const DOMAIN = import.meta.dirname;
const THE_SYSTEM_CLOCK = 'services.ts';

const TIME_READS: { what: string; pattern: RegExp }[] = [
  { what: 'new Date()', pattern: /new Date\(\s*\)/g },
  { what: 'Date.now()', pattern: /\bDate\.now\(/g },
  // SQL's now() in a query: a `now()` that is neither a method call (clock.now()) nor declared (`now(): Date`).
  { what: "the database's now()", pattern: /(?<![.\w])now\(\)(?!\s*:)/g },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text with its comments blanked out, lines kept: words about now() are not reads of it. */
function withoutComments(text: string): string {
  const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
  return text.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|\s)\/\/.*$/gm, blank);
}

/** Every read of the time outside the clock, as "file:line what". */
function timeReads(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text: source }) => {
    const text = withoutComments(source);
    return TIME_READS.flatMap(({ what, pattern }) =>
      [...text.matchAll(pattern)].map((match) => {
        const line = text.slice(0, match.index).split('\n').length;
        return `${path}:${line} ${what}`;
      }),
    );
  });
}

describe('where the domain reads the time', () => {
  it('only from the clock it is handed', () => {
    const files = sourceFiles(DOMAIN)
      .map((path) => ({ path: relative(DOMAIN, path), text: readFileSync(path, 'utf8') }))
      .filter(({ path }) => path !== THE_SYSTEM_CLOCK);
    expect(files.length).toBeGreaterThan(50);
    expect(timeReads(files)).toEqual([]);
  });

  it('catches each way of reading it', () => {
    const reads = timeReads([
      { path: 'a.ts', text: 'const at = new Date();\nconst ms = Date.now();' },
      {
        path: 'b.ts',
        text: 'db.update(t).set({ seenAt: sql`now()` });\nconst lease = sql`now() + interval`;',
      },
      { path: 'c.ts', text: 'const at = clock.now();\nconst later = new Date(at.getTime() + 1);' },
      { path: 'd.ts', text: '/** Defaults to now() */\n// new Date() would do\nconst x = 1;' },
    ]);
    expect(reads).toEqual([
      'a.ts:1 new Date()',
      'a.ts:2 Date.now()',
      "b.ts:1 the database's now()",
      "b.ts:2 the database's now()",
    ]);
  });
});
