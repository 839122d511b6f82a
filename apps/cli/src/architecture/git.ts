import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CliError, UsageError } from '../exit-codes';

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

/**
 * Reads one scope's changes. The commit compared with is looked up once per reader, so make a new
 * reader when HEAD may have moved (each call of a long-running tool).
 */
export class ChangeReader {
  private against: Promise<string[]> | undefined;

  constructor(
    private readonly root: string,
    private readonly scope: ChangeScope,
  ) {}

  /**
   * Paths (repository-relative) added, copied, modified or renamed in the scope; in the working tree,
   * also files git does not track yet (new files an agent just wrote). Deleted files have nothing to review.
   */
  async changedPaths(): Promise<string[]> {
    const against = await this.comparison();
    const paths = splitNul(
      await git(this.root, ['diff', '--name-only', '-z', '--no-renames', '--diff-filter=ACMR', ...against]),
    );
    if (this.scope.kind !== 'staged') {
      paths.push(...splitNul(await git(this.root, ['ls-files', '-z', '--others', '--exclude-standard'])));
    }
    return [...new Set(paths)].sort();
  }

  /** One file's content in the scope (the staged copy for --staged) and its diff, if git tracks it. */
  async read(path: string): Promise<ChangedFile> {
    const against = await this.comparison();
    const diff = await git(this.root, ['diff', '--no-color', '--no-ext-diff', '-U0', ...against, '--', path]);
    const source =
      this.scope.kind === 'staged'
        ? await git(this.root, ['show', `:${path}`])
        : await readFile(join(this.root, path), 'utf8');
    const tracked = diff.length > 0 || (await git(this.root, ['ls-files', '-z', '--', path])).length > 0;
    return { path, source, diff: tracked ? diff : undefined };
  }

  /** What git diff compares with: HEAD (or the empty tree before the first commit), or the branch point. */
  private comparison(): Promise<string[]> {
    this.against ??= this.findComparison();
    return this.against;
  }

  private async findComparison(): Promise<string[]> {
    const { root, scope } = this;
    if (scope.kind === 'staged') return ['--cached', await headOrEmptyTree(root)];
    if (scope.kind === 'working-tree') return [await headOrEmptyTree(root)];
    // Against the branch point, as a pull request shows it, including uncommitted work in the tree.
    // A base git cannot use is a mistake on the command line (exit 2), never a finding (exit 1), so a
    // CI step with a wrong ref does not read as "the code broke a rule".
    await git(root, ['rev-parse', '--verify', '--quiet', `${scope.ref}^{commit}`]).catch(() => {
      throw new UsageError(`--base ${scope.ref} names no commit in this repository.`);
    });
    const mergeBase = await git(root, ['merge-base', scope.ref, 'HEAD']).catch(() => {
      throw new UsageError(
        `${scope.ref} and HEAD share no history here; in a shallow CI clone, fetch the full history (e.g. fetch-depth: 0).`,
      );
    });
    return [mergeBase.trim()];
  }
}
