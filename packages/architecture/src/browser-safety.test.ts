import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';
import { describe, expect, it } from 'vitest';

const sourceRoot = dirname(fileURLToPath(import.meta.url));
const builtins = new Set(builtinModules);

/** Every module specifier reachable from a file through relative imports, by importing file. */
async function importGraph(entry: string): Promise<Map<string, string[]>> {
  await init();
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const [imports] = parse(readFileSync(file, 'utf8'));
    const specifiers = imports.flatMap((entry) =>
      entry.type === 'import-meta' || !entry.specifier || ('typeOnly' in entry && entry.typeOnly)
        ? []
        : [entry.specifier],
    );
    graph.set(relative(sourceRoot, file), specifiers);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
    }
  };
  visit(join(sourceRoot, entry));
  return graph;
}

describe('the browser entry', () => {
  it('reaches no Node built-in module, so the dashboard can parse and review in the browser', async () => {
    const graph = await importGraph('index.ts');
    const nodeOnly = [...graph].flatMap(([file, specifiers]) =>
      specifiers
        .filter((specifier) => specifier.startsWith('node:') || builtins.has(specifier.split('/')[0] ?? ''))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(nodeOnly).toEqual([]);
    expect(graph.has('node.ts')).toBe(false);
    expect(graph.has('review.ts')).toBe(true);
  });

  it('is what the Node entry adds the worker to', async () => {
    const graph = await importGraph('node.ts');
    expect(graph.get('node.ts')).toContain('@switchboard/sandbox/timed-worker');
  });
});
