import { existsSync, lstatSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';

/** A file a template rendered: its path relative to where it goes, and its text. */
export interface RenderedFile {
  path: string;
  content: string;
}

/** What writing a scaffold did: paths relative to the repository root, in the template's order. */
export interface WriteReport {
  createdFiles: string[];
  /** Already there, so left exactly as they were. */
  existingFiles: string[];
}

/** A rendered path that would land outside the repository; nothing of the scaffold is written then. */
export class UnsafeTargetError extends Error {
  override name = 'UnsafeTargetError';
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * The absolute path of `path` under `root/base`, refused when it is absolute, names a `..` segment or
 * a backslash, or ends up outside the root. The engine refuses such targets too; this check is the
 * one that guards the disk, so it does not rely on the server having done it.
 */
export function resolveTarget(root: string, base: string, path: string): string {
  const segments = [...base.split('/'), ...path.split('/')].filter(
    (segment) => segment !== '' && segment !== '.',
  );
  const unsafe =
    isAbsolute(path) ||
    isAbsolute(base) ||
    /^[a-zA-Z]:/.test(path) ||
    path.includes('\\') ||
    base.includes('\\') ||
    segments.length === 0 ||
    segments.includes('..');
  const target = join(root, ...segments);
  if (unsafe || !isInside(root, target) || target === root) {
    throw new UnsafeTargetError(`The path "${path}" leads outside the repository; nothing was written.`);
  }
  return target;
}

/**
 * The project folder itself must lie inside the repository: refused with its own name, since every
 * file under it would otherwise be reported as the path that leads outside. Callers check it before
 * asking the server to render, so a refused folder costs no render and records nothing on a task.
 */
export function assertSafeProjectFolder(root: string, base: string): void {
  const segments = base.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (isAbsolute(base) || /^[a-zA-Z]:/.test(base) || base.includes('\\') || segments.includes('..')) {
    throw new UnsafeTargetError(
      `The project path "${base}" leads outside the repository; give a folder relative to the repository root. Nothing was written.`,
    );
  }
  const realRoot = realpathSync(root);
  assertNoSymlinkEscape(realRoot, join(realRoot, ...segments, 'x'), base);
}

/**
 * The deepest folder of `target` that exists, resolved through symlinks, must still be inside the
 * real root: a symlinked folder in the repository must not carry a scaffold somewhere else.
 */
function assertNoSymlinkEscape(realRoot: string, target: string, shown: string): void {
  let existing = dirname(target);
  while (!existsSync(existing)) existing = dirname(existing);
  if (!isInside(realRoot, realpathSync(existing))) {
    throw new UnsafeTargetError(
      `The path "${shown}" goes through a symbolic link that leads outside the repository; nothing was written.`,
    );
  }
}

/** A file, a folder or a link (even a dangling one) at the path: in each case, not ours to replace. */
function occupied(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

export interface ScaffoldPlan {
  root: string;
  /** Repository-relative paths and absolute targets, every one checked. */
  entries: { shown: string; target: string; content: string; exists: boolean }[];
}

/**
 * Checks every path before anything is written, so a scaffold with one bad path writes nothing.
 * `base` is a folder inside the root (a project of a monorepo), '' for the root itself.
 */
export function planScaffold(root: string, base: string, files: readonly RenderedFile[]): ScaffoldPlan {
  const realRoot = realpathSync(root);
  assertSafeProjectFolder(realRoot, base);
  const entries = files.map((file) => {
    const target = resolveTarget(realRoot, base, file.path);
    const shown = relative(realRoot, target).split(sep).join('/');
    assertNoSymlinkEscape(realRoot, target, file.path);
    return { shown, target, content: file.content, exists: occupied(target) };
  });
  return { root: realRoot, entries };
}

/**
 * Writes the planned files that do not exist yet. Never overwrites: a file that appears between the
 * plan and the write (another process) is reported as existing, since the write itself refuses to
 * replace anything (O_EXCL).
 */
export function writeScaffold(plan: ScaffoldPlan): WriteReport {
  const report: WriteReport = { createdFiles: [], existingFiles: [] };
  for (const entry of plan.entries) {
    if (entry.exists) {
      report.existingFiles.push(entry.shown);
      continue;
    }
    mkdirSync(dirname(entry.target), { recursive: true });
    // Checked again now that the folders exist: one of them may have been a link made meanwhile.
    assertNoSymlinkEscape(plan.root, entry.target, entry.shown);
    try {
      writeFileSync(entry.target, entry.content, { flag: 'wx' });
      report.createdFiles.push(entry.shown);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      report.existingFiles.push(entry.shown);
    }
  }
  return report;
}
