import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = dirname(fileURLToPath(import.meta.url));

/** Every product module: tests only import, nothing imports them, so they cannot close a circle. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name);
    return isSource && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

// `import x from`, `import type { x } from`, `export { x } from`, `export * from`, `import './x'`.
const RELATIVE_IMPORT =
  /(?:import|export)\s[^'"`;]*?from\s*['"](\.{1,2}\/[^'"]*)['"]|import\s*['"](\.{1,2}\/[^'"]*)['"]/g;

function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
  ];
  return candidates.find((candidate) => known.has(candidate) && existsSync(candidate));
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const specifier = match[1] ?? match[2];
      const target = specifier ? resolveImport(file, specifier, known) : undefined;
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Tarjan's algorithm: every group of two or more modules that reach each other. */
function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  const visit = (node: string) => {
    order.set(node, counter);
    lowest.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        lowest.set(node, Math.min(lowest.get(node) ?? 0, lowest.get(next) ?? 0));
      } else if (onStack.has(next)) {
        lowest.set(node, Math.min(lowest.get(node) ?? 0, order.get(next) ?? 0));
      }
    }
    if (lowest.get(node) !== order.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };

  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return groups;
}

describe('the import graph of apps/web/src', () => {
  it('has no circle, type-only imports included', () => {
    const circles = stronglyConnected(importGraph(sourceFiles(sourceRoot))).map((group) =>
      group.map((file) => relative(sourceRoot, file)),
    );
    expect(circles).toEqual([]);
  });

  it('finds a circle closed by an `import type` or an `export … from`', () => {
    const graph = new Map([
      ['router.tsx', ['routeTree.gen.ts']],
      ['routeTree.gen.ts', ['routes/__root.tsx']],
      ['routes/__root.tsx', ['router.tsx']],
      ['lib/once.ts', []],
    ]);
    expect(stronglyConnected(graph)).toEqual([['routeTree.gen.ts', 'router.tsx', 'routes/__root.tsx']]);
  });

  it('reads every kind of relative import', () => {
    const text = [
      "import type { RouterContext } from '../router-context';",
      "export { once } from './once';",
      "export * from './constants';",
      "import './styles.css';",
      "import { z } from 'zod';",
    ].join('\n');
    const specifiers = [...text.matchAll(RELATIVE_IMPORT)].map((match) => match[1] ?? match[2]);
    expect(specifiers).toEqual(['../router-context', './once', './constants', './styles.css']);
  });
});
