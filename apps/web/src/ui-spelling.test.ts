import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceDir = dirname(fileURLToPath(import.meta.url));

/** The app's source files, without tests and test fixtures. */
function sourceFiles(): string[] {
  return (readdirSync(sourceDir, { recursive: true }) as string[])
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.startsWith('testing'))
    .filter((name) => !name.endsWith('routeTree.gen.ts'))
    .map((name) => join(sourceDir, name));
}

/** The code without its comments: what can reach the screen. */
const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('UI words', () => {
  it("spell 'organization' one way, as the routes and the auth screens do", () => {
    const offenders = sourceFiles().flatMap((file) =>
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => /organis/i.test(line))
        .map((line) => `${relative(sourceDir, file)}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
