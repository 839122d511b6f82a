import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const freshDir = () => mkdtempSync(join(tmpdir(), 'switchboard-lock-'));

describe('lockDataDir', () => {
  it('writes our pid and removes the file on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('refuses a folder that a live process holds, naming the lock file', () => {
    const dir = freshDir();
    // The parent process of the test runner is alive and is not us.
    writeFileSync(join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(join(dir, 'server.lock'));
  });

  it('takes over a lock left behind by a dead process', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'server.lock'), '999999999');
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
