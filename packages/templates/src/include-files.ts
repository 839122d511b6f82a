import type { TemplateErrorCode } from './errors.js';
import type { TemplateFileSystem } from './template-file-system.js';
import type { Include } from './types.js';

/** One template file an include writes: its source, its target (still Liquid) and how errors name it. */
export interface IncludedFile {
  source: string;
  targetTemplate: string;
  label: string;
}

export type IncludedFiles =
  | { ok: true; files: IncludedFile[] }
  | { ok: false; code: TemplateErrorCode; message: string };

/**
 * The files an include writes: `x.liquid` before `x`, else the file itself, else every file of the
 * folder it names. Self-contained (it uses only its arguments), because the render worker runs its
 * source text.
 */
export function includedFiles(
  include: Include,
  template: TemplateFileSystem,
  methodName: string,
): IncludedFiles {
  const label = `the include "${include.source}"`;
  const source = template.clean(include.source);
  if (template.has(`${source}.liquid`) && !source.endsWith('.liquid')) {
    return { ok: true, files: [{ source: `${source}.liquid`, targetTemplate: include.target, label }] };
  }
  if (template.has(source)) return { ok: true, files: [{ source, targetTemplate: include.target, label }] };
  // A folder include writes every file under it, keeping their paths below the target.
  const prefix = `${source}/`;
  const inside = Object.keys(template.files).filter((path) => path.startsWith(prefix));
  if (inside.length === 0) {
    return {
      ok: false,
      code: 'INCLUDE_NOT_FOUND',
      message: `"${methodName}" includes "${include.source}", but the template has no file ${source}, ${source}.liquid or folder ${source}/.`,
    };
  }
  return {
    ok: true,
    files: inside.sort().map((path) => {
      const rest = path.slice(prefix.length);
      const restTarget = rest.endsWith('.liquid') ? rest.slice(0, -'.liquid'.length) : rest;
      return {
        source: path,
        targetTemplate: `${include.target}/${restTarget}`,
        label: `the include "${include.source}" (${rest})`,
      };
    }),
  };
}
