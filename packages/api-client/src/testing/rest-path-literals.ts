import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allEndpoints } from '../endpoints';

/**
 * Finds REST paths of ours written by hand in an app's source, so a test can hold every caller to
 * the endpoint descriptors (and the paths module), where each path is written once.
 */

/** '/projects', '/tasks', '/work-units' …: the first segment of every REST path of ours. */
export function restRoots(): string[] {
  const roots = allEndpoints().map((endpoint) => `/${endpoint.path.split('/')[1] ?? ''}`);
  return [...new Set(roots)].filter((root) => root !== '/');
}

/** String and template literals that start with one of `roots`, alone or under /api/v1. */
export function restPathLiterals(text: string, roots: readonly string[]): string[] {
  const alternatives = roots.map((root) => root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const literal = new RegExp(`['"\`]((?:/api/v1)?(?:${alternatives})(?=[/'"\`?$])[^'"\`]*)`, 'g');
  return [...text.matchAll(literal)].map((match) => match[1] ?? '');
}

function productFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return productFiles(path);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name);
    return isSource && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

/** `file: path` for every hand-written REST path in the non-test sources under `sourceRoot`. */
export function handWrittenRestPaths(sourceRoot: string): string[] {
  const roots = restRoots();
  return productFiles(sourceRoot).flatMap((file) =>
    restPathLiterals(readFileSync(file, 'utf8'), roots).map(
      (path) => `${relative(sourceRoot, file)}: ${path}`,
    ),
  );
}
