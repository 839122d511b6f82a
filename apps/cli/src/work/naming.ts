import { basename, dirname, join, resolve } from 'node:path';

/** Longest title part of a branch name: long enough to recognise, short enough for a terminal prompt. */
const SLUG_MAX = 48;

/**
 * A title as a branch-name part: lower-case ASCII letters and digits joined by single hyphens, accents
 * dropped ("Añadir Log-in!" → "anadir-log-in"), cut at a word boundary within SLUG_MAX characters.
 */
export function titleSlug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX) {
      // One very long first word is cut rather than leaving no title at all.
      if (!slug) slug = word.slice(0, SLUG_MAX);
      break;
    }
    slug = next;
  }
  return slug;
}

/** `SWB-12` + "Add the login page" → `swb-12-add-the-login-page`; just the key when no word survives. */
export function branchNameFor(task: { key: string; title: string }): string {
  const slug = titleSlug(task.title);
  const key = task.key.toLowerCase();
  return slug ? `${key}-${slug}` : key;
}

/**
 * The task key a branch made by `switchboard work` starts with (`swb-12-add-login` → `SWB-12`), or
 * undefined for any other branch.
 */
export function taskKeyOfBranch(branch: string): string | undefined {
  const match = /^([a-z]{2,6}-\d+)(?:-|$)/i.exec(branch);
  return match?.[1]?.toUpperCase();
}

/**
 * Where worktrees go unless told otherwise: a folder beside the repository named after it
 * (`~/code/shop` → `~/code/shop-worktrees`), so they sit outside the checkout (no nested repositories
 * for tools to trip on) and stay together per repository.
 */
export function defaultWorktreesFolder(mainRoot: string): string {
  return join(dirname(mainRoot), `${basename(mainRoot)}-worktrees`);
}

/**
 * The folder of one task's worktree: `<folder>/<branch>`. A relative folder (from the flag or git
 * config) is taken from the main working tree, so every worktree of a repository agrees on it.
 */
export function worktreePathFor(mainRoot: string, folder: string | undefined, branch: string): string {
  const parent = folder ? resolve(mainRoot, folder) : defaultWorktreesFolder(mainRoot);
  return join(parent, branch);
}
