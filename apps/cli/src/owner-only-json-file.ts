import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readIfPresent } from './read-if-present';

/**
 * A JSON file only its owner may read: written with mode 0600 in a folder of mode 0700, and replaced
 * whole (a temporary file renamed over it), so a crash mid-write never leaves half a file behind.
 * The CLI keeps its credentials in one. A library for it (conf) cost every command a fifth of what it
 * spends starting beyond Node's own start-up, loading a JSON Schema validator the CLI never used.
 */
export class OwnerOnlyJsonFile {
  constructor(readonly path: string) {
    const folder = dirname(path);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    try {
      chmodSync(folder, 0o700);
    } catch {
      // A folder the user chose and owns differently is theirs to decide.
    }
  }

  /**
   * The file's value; an empty object when there is no file. A file that is not JSON is an error
   * rather than a fresh start: a hand-broken file may still hold credentials its owner wants.
   */
  read(): unknown {
    const text = readIfPresent(this.path);
    if (text === undefined || text.trim() === '') return {};
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new Error(
        `${this.path} is not valid JSON (${(error as Error).message}): fix it, or delete it to start afresh.`,
      );
    }
  }

  write(value: unknown): void {
    const temporary = `${this.path}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, `${JSON.stringify(value, null, '\t')}\n`, { mode: 0o600 });
      renameSync(temporary, this.path);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
  }
}
