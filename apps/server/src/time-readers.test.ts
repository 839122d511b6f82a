import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The server reads the time from the clock it is handed (services.clock, or the `now` of its change),
 * never from the system or the database, so a test server given a clock it moves sees leases run
 * out, sessions go silent, keys' limits reset and retries fall due without waiting. Tests and the
 * test helpers (testing/) make and move time themselves and are not checked.
 */

const SERVER_SOURCE = import.meta.dirname;

type Read = 'new Date()' | 'Date.now' | 'performance.now' | "the database's now()";

/** Reads in code: the pattern is looked for with strings and comments blanked out. */
const CODE_READS: { what: Read; pattern: RegExp }[] = [
  { what: 'new Date()', pattern: /\bnew Date\b(?!\s*\(\s*[^\s)])/g },
  // Called or handed on (`now = Date.now`): either way the system's time.
  { what: 'Date.now', pattern: /\bDate\.now\b/g },
  { what: 'performance.now', pattern: /\bperformance\.now\b/g },
];

/** Reads in SQL: looked for in strings and template literals, with code and comments blanked out. */
const TEXT_READS: { what: Read; pattern: RegExp }[] = [
  {
    what: "the database's now()",
    pattern:
      /(?<![.\w])now\(\)|\b(current_timestamp|localtimestamp)\b|\b(transaction|statement|clock)_timestamp\(\)/gi,
  },
];

/**
 * The reads that are right where they are, each with its reason. An entry allows one kind of read in
 * one file, or in every file of a folder (a path ending in /); any other kind there is still refused.
 */
const ALLOWED: { where: string; what: Read; why: string }[] = [
  {
    where: 'domain/services.ts',
    what: 'new Date()',
    why: 'the system clock itself: every other read of the time goes through it',
  },
  {
    where: 'events/revoked-agent-sessions.ts',
    what: "the database's now()",
    why: "better-auth writes an API key's expiry from the system time, never the services' clock, so whether a key has expired is a question for the system time: the database's now()",
  },
  {
    where: 'observability/',
    what: 'performance.now',
    why: "how late the event loop runs and how old the last database ping is are durations on the monotonic clock, which a moved clock must not bend; they are never a row's time",
  },
];

const isAllowed = (read: string, { where, what }: (typeof ALLOWED)[number]) =>
  read.startsWith(where.endsWith('/') ? where : `${where}:`) && read.endsWith(` ${what}`);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory())
      return entry.name === 'testing' && folder === SERVER_SOURCE ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The source split in two, lines kept: its code (strings and comments blanked) and the text of its
 * strings and template literals (all else blanked). Words about now() in a comment are not reads of
 * it; a `now()` in code calls a function someone was handed, in a string it is SQL's.
 */
function codeAndStrings(source: string): { code: string; strings: string } {
  const code: string[] = [];
  const strings: string[] = [];
  const put = (from: number, to: number, as: 'code' | 'string' | 'comment') => {
    for (const char of source.slice(from, to)) {
      const blank = char === '\n' ? '\n' : ' ';
      code.push(as === 'code' ? char : blank);
      strings.push(as === 'string' ? char : blank);
    }
  };
  // What encloses the position: code (counting the braces opened in it) or a template literal.
  const enclosing: ({ in: 'code'; braces: number } | { in: 'template' })[] = [{ in: 'code', braces: 0 }];
  let at = 0;
  while (at < source.length) {
    const here = enclosing[enclosing.length - 1] as (typeof enclosing)[number];
    const char = source[at] as string;
    const two = source.slice(at, at + 2);
    if (here.in === 'template') {
      if (char === '`' || two === '${') {
        if (char === '`') enclosing.pop();
        else enclosing.push({ in: 'code', braces: 0 });
        put(at, at + (char === '`' ? 1 : 2), 'code');
        at += char === '`' ? 1 : 2;
      } else {
        const length = char === '\\' ? 2 : 1;
        put(at, at + length, 'string');
        at += length;
      }
    } else if (two === '//' || two === '/*') {
      const end = two === '//' ? source.indexOf('\n', at) : source.indexOf('*/', at + 2);
      const stop = end === -1 ? source.length : two === '//' ? end : end + 2;
      put(at, stop, 'comment');
      at = stop;
    } else if (char === "'" || char === '"') {
      let close = at + 1;
      while (close < source.length && source[close] !== char && source[close] !== '\n')
        close += source[close] === '\\' ? 2 : 1;
      put(at, at + 1, 'code');
      put(at + 1, close, 'string');
      put(close, close + 1, 'code');
      at = close + 1;
    } else {
      if (char === '`') enclosing.push({ in: 'template' });
      else if (char === '{') here.braces++;
      else if (char === '}' && here.braces === 0 && enclosing.length > 1) enclosing.pop();
      else if (char === '}') here.braces--;
      put(at, at + 1, 'code');
      at += 1;
    }
  }
  return { code: code.join(''), strings: strings.join('') };
}

/** Every read of the time, as "file:line what". */
function timeReads(files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) => {
    const { code, strings } = codeAndStrings(text);
    const found = (within: string, reads: { what: Read; pattern: RegExp }[]) =>
      reads.flatMap(({ what, pattern }) =>
        [...within.matchAll(pattern)].map((match) => ({
          line: within.slice(0, match.index).split('\n').length,
          what,
        })),
      );
    return [...found(code, CODE_READS), ...found(strings, TEXT_READS)]
      .sort((a, b) => a.line - b.line)
      .map(({ line, what }) => `${path}:${line} ${what}`);
  });
}

describe('where the server reads the time', () => {
  const reads = timeReads(
    sourceFiles(SERVER_SOURCE).map((path) => ({
      path: relative(SERVER_SOURCE, path),
      text: readFileSync(path, 'utf8'),
    })),
  );

  it('only from the clock it is handed, but for the reads allowed by name', () => {
    expect(reads.filter((read) => !ALLOWED.some((allowance) => isAllowed(read, allowance)))).toEqual([]);
  });

  it('still has every read it allows, so an allowance outlives no read', () => {
    const unused = ALLOWED.filter((allowance) => !reads.some((read) => isAllowed(read, allowance)));
    expect(unused).toEqual([]);
  });

  it('looks at the whole server but its tests and test helpers', () => {
    const files = sourceFiles(SERVER_SOURCE).map((path) => relative(SERVER_SOURCE, path));
    expect(files.length).toBeGreaterThan(200);
    expect(files.filter((path) => path.startsWith('testing/') || path.endsWith('.test.ts'))).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining(['server.ts', 'mcp/http.ts', 'routes/tasks.ts', 'domain/changes.ts']),
    );
  });

  it('catches each way of reading it', () => {
    const caught = timeReads([
      {
        path: 'a.ts',
        text: 'const at = new Date();\nconst ms = Date.now();\nconst now = options.now ?? Date.now;',
      },
      {
        path: 'b.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, on purpose
        text: 'db.update(t).set({ seenAt: sql`now()` });\nconst lease = sql`${t.at} > now() + interval`;\nsql.raw("current_timestamp");',
      },
      { path: 'c.ts', text: 'const started = performance.now();\nconst at = new Date;' },
    ]);
    expect(caught).toEqual([
      'a.ts:1 new Date()',
      'a.ts:2 Date.now',
      'a.ts:3 Date.now',
      "b.ts:1 the database's now()",
      "b.ts:2 the database's now()",
      "b.ts:3 the database's now()",
      'c.ts:1 performance.now',
      'c.ts:2 new Date()',
    ]);
  });

  it('leaves alone what is not a read of the time', () => {
    const caught = timeReads([
      {
        path: 'c.ts',
        text: 'const at = clock.now();\nconst later = new Date(at.getTime() + 1);\nconst t = now();',
      },
      { path: 'd.ts', text: '/** Defaults to now() */\n// new Date() would do\nconst x = 1; // Date.now()' },
      {
        path: 'e.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, on purpose
        text: "const text = 'Date.now() and new Date() in words';\nconst t = `at ${new Date(x)} now`;",
      },
      { path: 'f.ts', text: 'function now(): number {\n  return clock.now().getTime();\n}' },
    ]);
    expect(caught).toEqual([]);
  });
});
