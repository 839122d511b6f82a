/**
 * The template's files as the only disk a render sees: no real disk, and a partial is found by its
 * path inside the template. Self-contained (it uses only its arguments), because the render worker
 * runs its source text.
 */
export function templateFileSystem(files: Record<string, string>) {
  const has = (path: string) => Object.hasOwn(files, path);
  const clean = (path: string) => {
    const parts: string[] = [];
    for (const part of path.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') parts.pop();
      else parts.push(part);
    }
    return parts.join('/');
  };
  const lookup = (path: string) => {
    const key = clean(path);
    if (has(key)) return key;
    if (has(`${key}.liquid`)) return `${key}.liquid`;
    return undefined;
  };
  const read = (file: string) => {
    const key = lookup(file);
    if (key === undefined) throw new Error(`the template has no file "${clean(file)}" to include`);
    return files[key] as string;
  };
  /** What liquidjs asks of a file system, answered from the template's files. */
  const liquidFs = {
    sep: '/',
    dirname: (file: string) => file.slice(0, file.lastIndexOf('/') + 1) || '/',
    resolve: (dir: string, file: string) => `/${clean(file.startsWith('/') ? file : `${dir}/${file}`)}`,
    existsSync: (file: string) => lookup(file) !== undefined,
    exists: async (file: string) => lookup(file) !== undefined,
    readFileSync: read,
    readFile: async (file: string) => read(file),
    containsSync: () => true,
    contains: async () => true,
  };
  return { files, has, clean, liquidFs };
}

export type TemplateFileSystem = ReturnType<typeof templateFileSystem>;
