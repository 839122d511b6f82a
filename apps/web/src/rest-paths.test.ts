import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allEndpoints } from '@switchboard/api-client';
import { describe, expect, it } from 'vitest';

const sourceRoot = dirname(fileURLToPath(import.meta.url));

/** No literal is allowed: code that must stay free of zod builds its paths from the paths module. */
const ALLOWED = new Set<string>();

function productFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return productFiles(path);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name);
    return isSource && entry.name !== 'routeTree.gen.ts' ? [path] : [];
  });
}

/** '/projects', '/tasks', '/work-units' …: the first segment of every REST path of ours. */
function restRoots(): string[] {
  const roots = allEndpoints().map((endpoint) => `/${endpoint.path.split('/')[1] ?? ''}`);
  return [...new Set(roots)].filter((root) => root !== '/');
}

/** String and template literals that start with one of `roots`, alone or under /api/v1. */
function restPathLiterals(text: string, roots: readonly string[]): string[] {
  const alternatives = roots.map((root) => root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const literal = new RegExp(`['"\`]((?:/api/v1)?(?:${alternatives})(?=[/'"\`?$])[^'"\`]*)`, 'g');
  return [...text.matchAll(literal)].map((match) => match[1] ?? '').filter((path) => !ALLOWED.has(path));
}

describe('REST paths in the web app', () => {
  it('are written only in the endpoint descriptors', () => {
    const roots = restRoots();
    const found = productFiles(sourceRoot).flatMap((file) =>
      restPathLiterals(readFileSync(file, 'utf8'), roots).map(
        (path) => `${relative(sourceRoot, file)}: ${path}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('spots a hand-written path in any quoting', () => {
    const roots = ['/tasks', '/projects', '/events'];
    const text = [
      'api.post(`/tasks/SWB-1/move`);',
      "api.get('/projects');",
      'new EventSource("/api/v1/events?lastEventId=4");',
      "navigate({ to: '/dashboard/projects' });",
      "const name = '/tasksboard';",
    ].join('\n');
    expect(restPathLiterals(text, roots)).toEqual([
      '/tasks/SWB-1/move',
      '/projects',
      '/api/v1/events?lastEventId=4',
    ]);
  });
});
