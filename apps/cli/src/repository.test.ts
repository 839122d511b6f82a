import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliConfig } from './config';
import { linkFor, linkRootFor, mainRepositoryRoot } from './repository';

const SERVER = 'http://switchboard.test';

/** A main repository and a worktree of it, laid out as `git worktree add` leaves them. */
function repositoryWithWorktree() {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'switchboard-worktree-')));
  const main = join(base, 'app');
  const worktree = join(base, 'app-feature');
  const privateGitDir = join(main, '.git', 'worktrees', 'app-feature');
  mkdirSync(privateGitDir, { recursive: true });
  writeFileSync(join(privateGitDir, 'commondir'), '../..\n');
  mkdirSync(join(worktree, 'src'), { recursive: true });
  writeFileSync(join(worktree, '.git'), `gitdir: ${privateGitDir}\n`);
  const config = new CliConfig({ configDir: join(base, 'config') });
  return { main, worktree, config };
}

const link = {
  server: SERVER,
  organizationId: 'o1',
  projectId: 'p1',
  projectKey: 'SWB',
  projectName: 'Switchboard',
};

describe('worktrees', () => {
  it('finds the main working tree of a worktree, and leaves a main tree as it is', () => {
    const { main, worktree } = repositoryWithWorktree();
    expect(mainRepositoryRoot(worktree)).toBe(main);
    expect(mainRepositoryRoot(main)).toBe(main);
  });

  it('follows a relative gitdir, as git writes with worktree.useRelativePaths', () => {
    const { main, worktree } = repositoryWithWorktree();
    writeFileSync(join(worktree, '.git'), 'gitdir: ../app/.git/worktrees/app-feature\n');
    expect(mainRepositoryRoot(worktree)).toBe(main);
  });

  it('keeps a submodule (a .git file without commondir) as its own repository', () => {
    const { main } = repositoryWithWorktree();
    const submodule = join(main, 'vendor', 'lib');
    mkdirSync(join(main, '.git', 'modules', 'lib'), { recursive: true });
    mkdirSync(submodule, { recursive: true });
    writeFileSync(join(submodule, '.git'), 'gitdir: ../../.git/modules/lib\n');
    expect(mainRepositoryRoot(submodule)).toBe(submodule);
  });

  it('uses the main repository’s link inside a worktree, on the same server only', () => {
    const { main, worktree, config } = repositoryWithWorktree();
    config.setLink(main, link);
    const inWorktree = { cwd: join(worktree, 'src'), config, server: SERVER };
    expect(linkFor(inWorktree)).toEqual({ root: worktree, link });
    expect(linkFor({ ...inWorktree, server: 'http://elsewhere.test' })?.link).toBeUndefined();
  });

  it('prefers a link made for the worktree itself', () => {
    const { main, worktree, config } = repositoryWithWorktree();
    config.setLink(main, link);
    const own = { ...link, projectId: 'p2', projectKey: 'OPS' };
    config.setLink(worktree, own);
    expect(linkFor({ cwd: worktree, config, server: SERVER })?.link).toEqual(own);
  });

  it('stores a new link under the main tree, so every worktree shares it', () => {
    const { main, worktree } = repositoryWithWorktree();
    expect(linkRootFor(join(worktree, 'src'))).toBe(main);
  });
});
