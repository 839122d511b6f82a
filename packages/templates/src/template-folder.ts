import { TemplateError } from './errors.js';
import type { TemplateFiles } from './types.js';

/** One template as stored and sent: its scaffold.yaml and its other files by path. */
export interface TemplateFolder {
  name: string;
  scaffoldYaml: string;
  files: TemplateFiles;
}

export interface FolderEntry {
  path: string;
  content: string;
}

const templateNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Whether a name can be a template's (and its folder's) name. */
export function isTemplateName(name: string): boolean {
  return templateNamePattern.test(name) && name !== '.' && name !== '..';
}

/**
 * Reads AgiFlow's layout, `templates/<name>/scaffold.yaml` beside the template's files, from a list of
 * files (paths relative to the repository, or to the templates folder itself). Folders without a
 * scaffold.yaml are not templates and are skipped, as are files directly in the templates folder.
 */
export function readTemplateFolder(entries: readonly FolderEntry[]): TemplateFolder[] {
  const templates = new Map<string, TemplateFolder>();
  const pending = new Map<string, FolderEntry[]>();
  for (const entry of entries) {
    const parts = entry.path.replace(/^\.\//, '').split('/');
    if (parts[0] === 'templates' && parts.length > 2) parts.shift();
    const [name, ...rest] = parts;
    if (!name || rest.length === 0) continue;
    const path = rest.join('/');
    const files = pending.get(name) ?? [];
    files.push({ path, content: entry.content });
    pending.set(name, files);
  }
  for (const [name, files] of pending) {
    const scaffold = files.find((file) => file.path === 'scaffold.yaml' || file.path === 'scaffold.yml');
    if (!scaffold) continue;
    if (!isTemplateName(name)) {
      throw new TemplateError(
        'INVALID_SCAFFOLD_YAML',
        `The template folder "${name}" needs a name of letters, digits, ".", "_" or "-" (at most 100).`,
      );
    }
    const templateFiles: TemplateFiles = {};
    for (const file of files) if (file !== scaffold) templateFiles[file.path] = file.content;
    templates.set(name, { name, scaffoldYaml: scaffold.content, files: templateFiles });
  }
  return [...templates.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Writes templates in AgiFlow's layout; `readTemplateFolder` reads the entries back unchanged. */
export function toTemplateFolder(templates: TemplateFolder | readonly TemplateFolder[]): FolderEntry[] {
  const list = Array.isArray(templates) ? templates : [templates as TemplateFolder];
  return list.flatMap((template) => [
    { path: `templates/${template.name}/scaffold.yaml`, content: template.scaffoldYaml },
    ...Object.keys(template.files)
      .sort()
      .map((path) => ({
        path: `templates/${template.name}/${path}`,
        content: template.files[path] as string,
      })),
  ]);
}
