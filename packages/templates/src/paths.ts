import { TemplateError } from './errors.js';
import { templateLimits } from './limits.js';

/**
 * A project-relative path with `/` separators, or a TemplateError 'UNSAFE_PATH': scaffolding writes
 * inside the project only, so `..`, absolute paths, drive letters and backslashes are refused rather
 * than repaired. `what` names the path in the message ("the target of include x").
 */
export function normalizeProjectPath(path: string, what: string): string {
  const refuse = (reason: string): never => {
    throw new TemplateError(
      'UNSAFE_PATH',
      `${what} "${printable(path)}" ${reason}; paths stay inside the project.`,
    );
  };
  const unsafe = unsafePathReason(path);
  if (unsafe) refuse(unsafe);
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part.trim() !== part || part.trim() === '') refuse('has a part that begins or ends with spaces');
    parts.push(part);
  }
  const normalized = parts.join('/');
  if (normalized === '') refuse('is empty');
  if (normalized.length > templateLimits.pathLength)
    refuse(`is longer than ${templateLimits.pathLength} characters`);
  return normalized;
}

/**
 * Why a path (or the text of a target before Liquid fills it in) could leave the project or name a
 * file no one meant: a backslash, a control character (a newline would split the path in every list
 * that shows it), a drive letter, a leading `/` or `~`, or a `..` part. Undefined when none.
 */
export function unsafePathReason(path: string): string | undefined {
  if (path.includes('\\')) return 'contains a backslash';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'contains a control character (a newline, tab or NUL)';
  if (/^[A-Za-z]:/.test(path)) return 'starts with a drive letter';
  if (path.startsWith('/') || path.startsWith('~')) return 'is absolute';
  if (path.split('/').some((part) => part.trim() === '..')) return 'leaves its folder with ".."';
  return undefined;
}

/** Text as a message can quote it: control characters written as escapes, on one line. */
export function printable(path: string): string {
  return JSON.stringify(path).slice(1, -1);
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
