import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = dirname(fileURLToPath(import.meta.url));

/** Every module specifier imported by a file or by the files it reaches through relative imports. */
function reachableSpecifiers(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(join(sourceRoot, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1] ?? '');
  return specifiers.flatMap((specifier) =>
    specifier.startsWith('./')
      ? [specifier, ...reachableSpecifiers(specifier.slice(2).replace(/\.js$/, '.ts'), seen)]
      : [specifier],
  );
}

describe('the package entries', () => {
  it('keep the main entry free of Node modules, so the dashboard can measure sizes in the browser', () => {
    const builtins = new Set(builtinModules);
    const reached = reachableSpecifiers('index.ts');
    expect(reached).toContain('./text-size.js');
    expect(reached.filter((specifier) => specifier.startsWith('node:') || builtins.has(specifier))).toEqual(
      [],
    );
  });

  it('put worker threads behind the timed-worker entry only', () => {
    expect(reachableSpecifiers('timed-worker.ts')).toContain('node:worker_threads');
  });
});
