import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly ownerPid: number,
  ) {
    super(
      `Another Switchboard server (pid ${ownerPid}) is using this data folder; lock file ${lockPath}. ` +
        'Stop it, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite lets two processes open one folder and corrupt it, so one process owns a data folder at a
 * time. The lock is a file created exclusively holding our pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string, pid = process.pid): { path: string; release(): void } {
  const path = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(pid));
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(ownerPid) && ownerPid !== pid && isAlive(ownerPid)) {
        throw new DataDirLockedError(path, ownerPid);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the data folder lock ${path}`);
}
