import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
  const root = findRepositoryRoot(runtime.cwd);
  const link = root ? runtime.config.link(root) : undefined;
  if (link && link.server === runtime.server) return { ref: link.projectId, link };
  throw new UsageError(
    root
      ? `No project is linked to ${root} on ${runtime.server}: run \`switchboard project use <KEY>\`, or pass --project <KEY>.`
      : 'Not inside a git repository with a linked project: pass --project <KEY>, or run `switchboard project use <KEY>` in your repository.',
  );
}
