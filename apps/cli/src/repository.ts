import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ProjectLink } from './config';
import type { Runtime } from './context';
import { CliError, UsageError } from './exit-codes';

/**
 * The root of the git repository `from` is in (the folder holding `.git`, a folder or a worktree's
 * file), with symlinks resolved so one repository always has one key; undefined outside a repository.
 */
export function findRepositoryRoot(from: string): string | undefined {
  let current = realpathSync(from);
  for (;;) {
    if (existsSync(join(current, '.git'))) return current;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/**
 * The main working tree of the repository `root` belongs to: `root` itself, unless `root` is a linked
 * worktree (`git worktree add`). Such a worktree's `.git` is a file naming its private git folder,
 * whose `commondir` names the shared one, the main tree's `.git`: what `git rev-parse
 * --git-common-dir` answers, read from the files so the CLI needs no git program. A bare repository
 * has no main tree, so its worktrees stay their own.
 */
export function mainRepositoryRoot(root: string): string {
  const dotGit = join(root, '.git');
  try {
    if (!statSync(dotGit).isFile()) return root;
    const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
    if (!pointer) return root;
    const gitDir = resolve(root, pointer);
    const commonPointer = readFileSync(join(gitDir, 'commondir'), 'utf8').trim();
    const commonDir = realpathSync(resolve(gitDir, commonPointer));
    if (basename(commonDir) !== '.git') return root;
    return dirname(commonDir);
  } catch {
    // A submodule's .git file has no commondir, and an unreadable one is no worktree we can follow.
    return root;
  }
}

/**
 * The folder a project link is stored under: the main working tree, so every worktree of a
 * repository shares the link `project use` made in any of them.
 */
export function linkRootFor(cwd: string): string {
  return mainRepositoryRoot(requireRepositoryRoot(cwd));
}

/**
 * The project link that applies where the command runs, on this server: the working tree's own
 * link, else the one of its main tree (a worktree inherits it). Undefined outside a repository.
 */
export function linkFor(
  runtime: Pick<Runtime, 'cwd' | 'config' | 'server'>,
): { root: string; link: ProjectLink | undefined } | undefined {
  const root = findRepositoryRoot(runtime.cwd);
  if (!root) return undefined;
  const onServer = (link: ProjectLink | undefined) => (link?.server === runtime.server ? link : undefined);
  const own = onServer(runtime.config.link(root));
  if (own) return { root, link: own };
  const main = mainRepositoryRoot(root);
  return { root, link: main === root ? undefined : onServer(runtime.config.link(main)) };
}

/** The repository of the working folder, or a CliError saying linking needs one. */
export function requireRepositoryRoot(cwd: string): string {
  const root = findRepositoryRoot(cwd);
  if (!root) {
    throw new CliError(
      `${cwd} is not inside a git repository: run this in the repository you want to link (git init creates one).`,
    );
  }
  return root;
}

/** Where a project-scoped command runs: the repository root, else the working folder itself. */
export function workspaceRoot(cwd: string): string {
  return findRepositoryRoot(cwd) ?? realpathSync(cwd);
}

export interface ProjectRef {
  /** What the user named (--project) or the stored link's project id. */
  ref: string;
  /** Set when the project came from the repository's link. */
  link?: ProjectLink;
}

/**
 * The project a command works on: --project wins; else the project linked to the repository the
 * command runs in, on this server; else a usage error saying how to link one.
 */
export function projectRefFor(runtime: Runtime, flag: string | undefined): ProjectRef {
  if (flag) return { ref: flag };
  const found = linkFor(runtime);
  const root = found?.root;
  if (found?.link) return { ref: found.link.projectId, link: found.link };
  throw new UsageError(
    root
      ? `No project is linked to ${root} on ${runtime.server}: run \`switchboard project use <KEY>\`, or pass --project <KEY>.`
      : 'Not inside a git repository with a linked project: pass --project <KEY>, or run `switchboard project use <KEY>` in your repository.',
  );
}
