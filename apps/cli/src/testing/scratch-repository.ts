import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A throwaway git repository for tests: write files, run git, all inside a fresh temporary folder. */
export interface ScratchRepository {
  root: string;
  write(path: string, text: string): void;
  git(...args: string[]): string;
  commitAll(message: string): void;
}

export function scratchRepository(): ScratchRepository {
  const root = mkdtempSync(join(tmpdir(), 'switchboard-review-'));
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: root,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_AUTHOR_NAME: 'Test',
        GIT_AUTHOR_EMAIL: 'test@example.com',
        GIT_COMMITTER_NAME: 'Test',
        GIT_COMMITTER_EMAIL: 'test@example.com',
      },
    });
  git('init', '--quiet', '--initial-branch=main');
  return {
    root,
    write(path, text) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    },
    git,
    commitAll(message) {
      git('add', '--all');
      git('commit', '--quiet', '--message', message);
    },
  };
}
