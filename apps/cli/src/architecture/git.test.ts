import { describe, expect, it } from 'vitest';
import { scratchRepository } from '../testing/scratch-repository';
import { ChangeReader } from './git';

describe('changes read with git', () => {
  it('lists tracked changes and new files of the working tree, never deleted ones', async () => {
    const repo = scratchRepository();
    repo.write('kept.ts', 'a\n');
    repo.write('edited.ts', 'one\ntwo\n');
    repo.write('gone.ts', 'x\n');
    repo.commitAll('first');
    repo.write('edited.ts', 'one\nTWO\nthree\n');
    repo.write('new folder/brand new.ts', 'fresh\n');
    repo.git('rm', '--quiet', 'gone.ts');

    expect(await new ChangeReader(repo.root, { kind: 'working-tree' }).changedPaths()).toEqual([
      'edited.ts',
      'new folder/brand new.ts',
    ]);
    const edited = await new ChangeReader(repo.root, { kind: 'working-tree' }).read('edited.ts');
    expect(edited.source).toBe('one\nTWO\nthree\n');
    expect(edited.diff).toContain('@@ -2 +2,2 @@');
    const fresh = await new ChangeReader(repo.root, { kind: 'working-tree' }).read('new folder/brand new.ts');
    expect(fresh).toEqual({ path: 'new folder/brand new.ts', source: 'fresh\n', diff: undefined });
  });

  it('reads the staged copy for --staged, even before the first commit', async () => {
    const repo = scratchRepository();
    repo.write('a.ts', 'staged\n');
    repo.git('add', 'a.ts');
    repo.write('a.ts', 'later edit\n');
    repo.write('untracked.ts', 'x\n');

    expect(await new ChangeReader(repo.root, { kind: 'staged' }).changedPaths()).toEqual(['a.ts']);
    const change = await new ChangeReader(repo.root, { kind: 'staged' }).read('a.ts');
    expect(change.source).toBe('staged\n');
    expect(change.diff).toContain('+staged');
  });

  it('compares with the branch point for --base and refuses a ref that names nothing', async () => {
    const repo = scratchRepository();
    repo.write('base.ts', 'base\n');
    repo.commitAll('base');
    repo.git('checkout', '--quiet', '-b', 'feature');
    repo.write('feature.ts', 'feature\n');
    repo.commitAll('feature work');
    repo.git('checkout', '--quiet', 'main');
    repo.write('main-only.ts', 'later on main\n');
    repo.commitAll('main moves on');
    repo.git('checkout', '--quiet', 'feature');

    expect(await new ChangeReader(repo.root, { kind: 'base', ref: 'main' }).changedPaths()).toEqual([
      'feature.ts',
    ]);
    await expect(
      new ChangeReader(repo.root, { kind: 'base', ref: 'no-such-branch' }).changedPaths(),
    ).rejects.toThrow('--base no-such-branch names no commit in this repository.');
  });
});
