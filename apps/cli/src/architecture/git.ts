import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CliError } from '../exit-codes';

const run = promisify(execFile);

/** Git's id of the empty tree: the base to compare with in a repository without a first commit. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** Which change a review looks at. */
export type ChangeScope = { kind: 'working-tree' } | { kind: 'staged' } | { kind: 'base'; ref: string };

/** A changed file: its repository-relative path, its content in the scope, and the scope's diff of it. */
export interface ChangedFile {
  path: string;
  source: string;
  /** Undefined for a file git does not track yet: all of it is new. */
  diff: string | undefined;
}

export async function git(root: string, args: readonly string[]): Promise<string> {
  try {
    const { stdout } = await run('git', ['-c', 'core.quotepath=off', ...args], {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
      encoding: 'utf8',
    });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new CliError('git is not installed or not on PATH; switchboard review reads changes with git.');
    }
    throw new CliError(`git ${args.join(' ')} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

function splitNul(output: string): string[] {
  return output.split('\0').filter((entry) => entry.length > 0);
}

async function headOrEmptyTree(root: string): Promise<string> {
  try {
    return (await git(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])).trim() || EMPTY_TREE;
  } catch {
    return EMPTY_TREE;
  }
}

/** The commit the scope compares with, and the extra arguments git diff needs for it. */
async function comparison(root: string, scope: ChangeScope): Promise<string[]> {
  if (scope.kind === 'staged') return ['--cached', await headOrEmptyTree(root)];
  if (scope.kind === 'working-tree') return [await headOrEmptyTree(root)];
  // Against the branch point, as a pull request shows it, including uncommitted work in the tree.
  await git(root, ['rev-parse', '--verify', '--quiet', `${scope.ref}^{commit}`]).catch(() => {
    throw new CliError(`--base ${scope.ref} names no commit in this repository.`);
  });
  const mergeBase = (await git(root, ['merge-base', scope.ref, 'HEAD'])).trim();
  return [mergeBase];
}

/**
 * Paths (repository-relative) added, copied, modified or renamed in the scope; in the working tree,
 * also files git does not track yet (new files an agent just wrote). Deleted files have nothing to review.
 */
export async function changedPaths(root: string, scope: ChangeScope): Promise<string[]> {
  const against = await comparison(root, scope);
  const paths = splitNul(
    await git(root, ['diff', '--name-only', '-z', '--no-renames', '--diff-filter=ACMR', ...against]),
  );
  if (scope.kind !== 'staged') {
    paths.push(...splitNul(await git(root, ['ls-files', '-z', '--others', '--exclude-standard'])));
  }
  return [...new Set(paths)].sort();
}

/** One file's content in the scope (the staged copy for --staged) and its diff, if git tracks it. */
export async function readChange(root: string, scope: ChangeScope, path: string): Promise<ChangedFile> {
  const against = await comparison(root, scope);
  const diff = await git(root, ['diff', '--no-color', '--no-ext-diff', '-U0', ...against, '--', path]);
  const source =
    scope.kind === 'staged'
      ? await git(root, ['show', `:${path}`])
      : await readFile(join(root, path), 'utf8');
  const tracked = diff.length > 0 || (await isTracked(root, path));
  return { path, source, diff: tracked ? diff : undefined };
}

async function isTracked(root: string, path: string): Promise<boolean> {
  return (await git(root, ['ls-files', '-z', '--', path])).length > 0;
}
