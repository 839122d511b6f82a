import { execFile } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { CliError } from '../exit-codes';

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git and answers how it ended; only a missing git program is an error here. */
export function runGit(cwd: string, args: readonly string[]): Promise<GitResult> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      'git',
      ['-c', 'core.quotepath=off', ...args],
      { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') {
          reject(
            new CliError('git is not installed or not on PATH; switchboard work makes worktrees with git.'),
          );
          return;
        }
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolvePromise({ code, stdout, stderr });
      },
    );
  });
}

/** Runs git; a failure is a CliError carrying git's own words. */
export async function git(cwd: string, args: readonly string[]): Promise<string> {
  const result = await runGit(cwd, args);
  if (result.code !== 0) {
    const why = result.stderr.trim() || result.stdout.trim();
    throw new CliError(`git ${args.join(' ')} failed${why ? `: ${why}` : ''}`);
  }
  return result.stdout;
}

/**
 * The commit new work starts from: the remote's default branch when origin says which it is
 * (origin/HEAD, as `git clone` records it), else a local main or master. The main checkout's own state
 * does not matter: the worktree starts from this ref, not from whatever is checked out or uncommitted.
 */
export async function defaultBranch(root: string): Promise<string> {
  const remote = await runGit(root, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']);
  if (remote.code === 0 && remote.stdout.trim()) return remote.stdout.trim();
  for (const name of ['main', 'master']) {
    const local = await runGit(root, ['rev-parse', '--verify', '--quiet', `refs/heads/${name}^{commit}`]);
    if (local.code === 0) return name;
  }
  throw new CliError(
    'Cannot tell which branch new work starts from: origin/HEAD is not set and there is no main or master branch with a commit. Run `git remote set-head origin --auto`, or create main.',
  );
}

export async function branchExists(root: string, branch: string): Promise<boolean> {
  return (await runGit(root, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])).code === 0;
}

/**
 * Adds a worktree at `path` on a new branch from `base`, or on `branch` as it is when it exists
 * already (earlier work on the task kept after its worktree was cleaned). Git refuses a folder that
 * exists and is not empty, a branch another worktree has checked out, and a branch name taken by a
 * run that got there first, so two runs never share either; its lock files make a concurrent run
 * wait its turn, which is retried a few times.
 */
export async function addWorktree(
  root: string,
  options: { path: string; branch: string; base: string },
): Promise<{ reusedBranch: boolean }> {
  mkdirSync(dirname(options.path), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    const reusedBranch = await branchExists(root, options.branch);
    const args = reusedBranch
      ? ['worktree', 'add', options.path, options.branch]
      : // --no-track: a branch from origin/main must not push to main.
        ['worktree', 'add', '--no-track', '-b', options.branch, options.path, options.base];
    const result = await runGit(root, args);
    if (result.code === 0) return { reusedBranch };
    const why = result.stderr.trim();
    const busy = /\.lock'?:? File exists|Unable to create '.*\.lock'|cannot lock ref/i.test(why);
    const lostRace =
      !reusedBranch && /already exists/.test(why) && (await branchExists(root, options.branch));
    if ((busy || lostRace) && attempt < 4) {
      await new Promise((wake) => setTimeout(wake, 100 * (attempt + 1)));
      continue;
    }
    throw new CliError(
      `Could not create the worktree at ${options.path}: ${why || `git exited ${result.code}`}`,
    );
  }
}

/**
 * Keeps `.switchboard/` out of commits in every worktree of the repository: info/exclude is shared
 * by them all and, unlike .gitignore, is itself never committed.
 */
export async function excludeSwitchboardFolder(worktree: string): Promise<void> {
  const relativePath = (await git(worktree, ['rev-parse', '--git-path', 'info/exclude'])).trim();
  const path = isAbsolute(relativePath) ? relativePath : resolve(worktree, relativePath);
  let existing = '';
  try {
    existing = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (existing.split('\n').some((line) => line.trim() === '/.switchboard/')) return;
  mkdirSync(dirname(path), { recursive: true });
  const separator = existing && !existing.endsWith('\n') ? '\n' : '';
  appendFileSync(path, `${separator}# switchboard work: the task brief of each worktree\n/.switchboard/\n`);
}

export interface Worktree {
  path: string;
  /** The branch checked out, without refs/heads/; null for a detached HEAD. */
  branch: string | null;
  head: string | null;
  /** The repository's main working tree (listed first by git). */
  main: boolean;
}

/** Parses `git worktree list --porcelain`. */
export function parseWorktreeList(output: string): Worktree[] {
  const worktrees: Worktree[] = [];
  for (const block of output.split(/\n\n+/)) {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      const space = line.indexOf(' ');
      if (line) fields.set(space < 0 ? line : line.slice(0, space), space < 0 ? '' : line.slice(space + 1));
    }
    const path = fields.get('worktree');
    if (path === undefined) continue;
    const branch = fields.get('branch');
    worktrees.push({
      path,
      branch: branch ? branch.replace(/^refs\/heads\//, '') : null,
      head: fields.get('HEAD') ?? null,
      main: worktrees.length === 0 && !fields.has('bare'),
    });
  }
  return worktrees;
}

export async function listWorktrees(root: string): Promise<Worktree[]> {
  return parseWorktreeList(await git(root, ['worktree', 'list', '--porcelain']));
}

/** What `git status` shows as changed or untracked in a worktree (ignored files are not changes). */
export async function uncommittedChanges(worktree: string): Promise<string[]> {
  const output = await git(worktree, ['status', '--porcelain', '--untracked-files=normal']);
  return output.split('\n').filter((line) => line.trim() !== '');
}

/** Whether every commit of `branch` is already in `base`. */
export async function isMergedInto(root: string, branch: string, base: string): Promise<boolean> {
  return (await runGit(root, ['merge-base', '--is-ancestor', `refs/heads/${branch}`, base])).code === 0;
}

export async function removeWorktree(root: string, path: string): Promise<void> {
  // Not --force: git itself refuses again if something changed since it was checked.
  await git(root, ['worktree', 'remove', path]);
}

export async function deleteBranch(root: string, branch: string): Promise<void> {
  // -D after isMergedInto said yes: -d would compare with the main tree's HEAD, not the default branch.
  await git(root, ['branch', '-D', branch]);
}
