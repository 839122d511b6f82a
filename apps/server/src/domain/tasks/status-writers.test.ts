import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A task's status and position change in one place, the mover (move.ts), which applies the
 * review gate, the claim rules, notifications and events. A second writer is how the gate was once
 * bypassed, so this scans the server's source for every statement that writes those columns.
 */

const SOURCE = join(import.meta.dirname, '../..');
const MOVER = 'domain/tasks/move.ts';

/** New tasks are placed where they are created; creating is not moving, and no task exists to gate. */
const CREATORS = ['domain/plans/accept-batch.ts', 'domain/tasks/tasks.ts'];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The text of the call's parenthesised argument that starts at `open` (an index of "("). */
function argumentAt(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === '(') depth++;
    if (text[index] === ')' && --depth === 0) return text.slice(open + 1, index);
  }
  return text.slice(open + 1);
}

const MOVED_COLUMNS = /\b(statusId|position)\b\s*[:,}]/;
const RAW_UPDATE = /update\s+"?task"?\s+set[\s\S]{0,400}?\b(status_id|position)\b/i;

/** Files whose Drizzle updates of the task table set its status or position, or whose SQL does. */
function statusWriters(files: { path: string; text: string }[]): string[] {
  return files
    .filter(({ text }) => {
      const updates = [...text.matchAll(/\.update\(\s*(?:schema\.)?task\s*\)/g)].map((match) => {
        const set = text.indexOf('.set(', match.index);
        return set === -1 ? '' : argumentAt(text, set + '.set'.length);
      });
      return updates.some((values) => MOVED_COLUMNS.test(values)) || RAW_UPDATE.test(text);
    })
    .map(({ path }) => path)
    .sort();
}

/** Files that insert task rows. */
function taskCreators(files: { path: string; text: string }[]): string[] {
  return files
    .filter(({ text }) => /\.insert\(\s*(?:schema\.)?task\s*\)|insertInOrder\(\s*\w+\s*,\s*task\b/.test(text))
    .map(({ path }) => path)
    .sort();
}

const files = sourceFiles(SOURCE).map((path) => ({
  path: relative(SOURCE, path).split('\\').join('/'),
  text: readFileSync(path, 'utf8'),
}));

describe("writers of a task's status and position", () => {
  it('are the mover alone', () => {
    expect(statusWriters(files)).toEqual([MOVER]);
  });

  it('besides the creators, which place a new task', () => {
    expect(taskCreators(files)).toEqual(CREATORS);
  });

  it('are found however the write is spelled', () => {
    const written = (text: string) => statusWriters([{ path: 'x.ts', text }]);
    expect(written('await tx.update(task).set({ statusId: to.id }).where(x)')).toEqual(['x.ts']);
    expect(written('tx.update(task)\n  .set({\n    version: 2,\n    position,\n  })')).toEqual(['x.ts']);
    expect(written('db.update(schema.task).set({ position: 3 })')).toEqual(['x.ts']);
    expect(written('sql`update task set status_id = $1`')).toEqual(['x.ts']);
    expect(written('tx.update(task).set({ title: "a" })')).toEqual([]);
    expect(written('tx.update(workUnit).set({ position: 1 })')).toEqual([]);
  });
});
