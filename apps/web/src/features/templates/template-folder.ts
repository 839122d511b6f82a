import type { TemplateContent } from './templates';
import type { ZipEntry } from './zip';

/** A template found in an uploaded folder or zip: its name (the folder's) and its body. */
export interface FoundTemplate extends TemplateContent {
  name: string;
}

const SCAFFOLD_FILE = 'scaffold.yaml';

/** Files nobody means to upload as part of a template. */
function isNoise(path: string): boolean {
  return path
    .split('/')
    .some((segment) => segment === '.DS_Store' || segment === '__MACOSX' || segment === '.git');
}

/**
 * The templates in a folder's files (paths relative to what was picked): every folder holding a
 * scaffold.yaml is one, named after the folder, with the files under it. This reads AgiFlow's
 * layout (templates/<name>/scaffold.yaml) and a single template's folder alike.
 */
export function templatesInFolder(entries: readonly ZipEntry[]): FoundTemplate[] {
  const files = entries
    .map((entry) => ({ ...entry, path: entry.path.replace(/\\/g, '/').replace(/^\/+/, '') }))
    .filter((entry) => !isNoise(entry.path));
  const roots = files
    .filter((entry) => entry.path === SCAFFOLD_FILE || entry.path.endsWith(`/${SCAFFOLD_FILE}`))
    .map((entry) => entry.path.slice(0, -SCAFFOLD_FILE.length));
  return roots.map((root) => {
    const name = root.split('/').filter(Boolean).at(-1) ?? 'template';
    const inside = files.filter(
      (entry) =>
        entry.path.startsWith(root) &&
        // A template nested inside another belongs to itself only.
        !roots.some((other) => other !== root && other.startsWith(root) && entry.path.startsWith(other)),
    );
    const scaffold = inside.find((entry) => entry.path === `${root}${SCAFFOLD_FILE}`);
    return {
      name,
      scaffoldYaml: scaffold?.content ?? '',
      files: Object.fromEntries(
        inside
          .filter((entry) => entry !== scaffold)
          .map((entry) => [entry.path.slice(root.length), entry.content]),
      ),
    };
  });
}

/** A template as AgiFlow's folder: templates/<name>/scaffold.yaml and its files beside it. */
export function templateFolderEntries(name: string, content: TemplateContent): ZipEntry[] {
  return [
    { path: `templates/${name}/${SCAFFOLD_FILE}`, content: content.scaffoldYaml },
    ...Object.entries(content.files)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, text]) => ({ path: `templates/${name}/${path}`, content: text })),
  ];
}
