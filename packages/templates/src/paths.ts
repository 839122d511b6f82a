import { TemplateError } from './errors.js';
import { templateLimits } from './limits.js';

/**
 * A project-relative path with `/` separators, or a TemplateError 'UNSAFE_PATH': scaffolding writes
 * inside the project only, so `..`, absolute paths, drive letters and backslashes are refused rather
 * than repaired. `what` names the path in the message ("the target of include x").
 */
export function normalizeProjectPath(path: string, what: string): string {
  const refuse = (reason: string): never => {
    throw new TemplateError('UNSAFE_PATH', `${what} "${path}" ${reason}; paths stay inside the project.`);
  };
  if (path.includes('\\')) refuse('contains a backslash');
  if (path.includes('\0')) refuse('contains a NUL character');
  if (/^[A-Za-z]:/.test(path)) refuse('starts with a drive letter');
  if (path.startsWith('/') || path.startsWith('~')) refuse('is absolute');
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') refuse('leaves its folder with ".."');
    if (part.trim() !== part || part.trim() === '') refuse('has a part that begins or ends with spaces');
    parts.push(part);
  }
  const normalized = parts.join('/');
  if (normalized === '') refuse('is empty');
  if (normalized.length > templateLimits.pathLength)
    refuse(`is longer than ${templateLimits.pathLength} characters`);
  return normalized;
}

/** A folder path like `normalizeProjectPath`, where empty (the project's root) is allowed. */
export function normalizeProjectFolder(folder: string | undefined, what: string): string {
  if (folder === undefined || folder.trim() === '' || folder.trim() === '.' || folder.trim() === './')
    return '';
  return normalizeProjectPath(folder.trim(), what);
}

/** The path of a template's own file, held to the same rules as a target. */
export function normalizeTemplatePath(path: string): string {
  return normalizeProjectPath(path, 'The template file');
}
