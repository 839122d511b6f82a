import { describe, expect, it } from 'vitest';
import { type FileDiffReading, readFileDiff } from './diff.js';
import { lineLocator } from './lines.js';

const fileA = ['one', 'TWO', 'three', 'four', '5', '6', '7', '8', '9', '10', 'ten', 'ELEVEN'].join('\n');
const fileB = 'b';

const twoFiles = [
  'diff --git a/src/a.ts b/src/a.ts',
  'index 1..2 100644',
  '--- a/src/a.ts',
  '+++ b/src/a.ts',
  '@@ -1,3 +1,4 @@',
  ' one',
  '-two',
  '+TWO',
  '+three',
  ' four',
  '@@ -10,2 +11,2 @@',
  ' ten',
  '-eleven',
  '+ELEVEN',
  '--- a/src/b.ts',
  '+++ b/src/b.ts',
  '@@ -0,0 +1 @@',
  '+b',
  '\\ No newline at end of file',
].join('\n');

const read = (diff: string, filePath: string, content: string) =>
  readFileDiff(diff, filePath, lineLocator(content));

function addedOf(reading: FileDiffReading): number[] {
  if (!reading.ok) throw new Error(`refused: ${reading.problem}`);
  return [...reading.added];
}

function problemOf(reading: FileDiffReading): string {
  if (reading.ok) throw new Error(`read as adding lines ${[...reading.added].join(', ')}`);
  return reading.problem;
}

describe('readFileDiff', () => {
  it('numbers added lines in the new file, per file of the diff', () => {
    expect(addedOf(read(twoFiles, 'src/a.ts', fileA))).toEqual([2, 3, 12]);
    expect(addedOf(read(twoFiles, 'src/b.ts', fileB))).toEqual([1]);
  });

  it('reads a headerless diff as the file’s own', () => {
    expect(addedOf(read('@@ -1 +1,2 @@\n a\n+b\n', 'x.ts', 'a\nb\n'))).toEqual([2]);
  });

  it('never reads a removed "--- " line inside a hunk as a header', () => {
    const diff = '--- a/x\n+++ b/x\n@@ -1 +1 @@\n--- not a header\n+++ added text\n';
    expect(addedOf(read(diff, 'x', '++ added text\n'))).toEqual([1]);
  });

  it('matches a file under review by the end of its path, CRLF lines included', () => {
    const diff = '--- a/apps/web/x.ts\r\n+++ b/apps/web/x.ts\r\n@@ -0,0 +1 @@\r\n+new\r\n';
    expect(addedOf(read(diff, 'web/x.ts', 'new\r\n'))).toEqual([1]);
  });

  it('reads a change that only deletes lines as adding none', () => {
    expect(addedOf(read('--- a/x\n+++ b/x\n@@ -2 +1,0 @@\n-gone\n', 'x', 'kept\n'))).toEqual([]);
  });

  it('refuses text that is not a unified diff', () => {
    for (const text of ['just some words', '+ an added line without a hunk', '--- a/x\n+++ b/x\n']) {
      expect(problemOf(read(text, 'x', 'x'))).toMatch(/not a unified diff: it has no hunk header/);
    }
  });

  it('refuses a diff of other files, naming them', () => {
    expect(problemOf(read(twoFiles, 'src/c.ts', 'c'))).toBe(
      'it has no hunk of src/c.ts (it changes src/a.ts, src/b.ts); send the diff of the file under review',
    );
    const deleted = '--- a/src/c.ts\n+++ /dev/null\n@@ -1 +0,0 @@\n-c\n';
    expect(problemOf(read(deleted, 'src/c.ts', 'c'))).toMatch(/no hunk of src\/c\.ts;/);
  });

  it('refuses a diff whose lines are not the content’s', () => {
    const diff = '--- a/x\n+++ b/x\n@@ -1 +1,2 @@\n a\n+forbidden()\n';
    expect(problemOf(read(diff, 'x', 'a\nallowed()\n'))).toMatch(
      /^line 5 of the diff does not match line 2 of content/,
    );
    expect(problemOf(read('@@ -0,0 +7 @@\n+far\n', 'x', 'short\n'))).toMatch(/does not match line 7/);
  });

  it('refuses a hunk cut short or longer than its header says', () => {
    expect(problemOf(read('@@ -1,3 +1,3 @@\n a\n', 'x', 'a\nb\nc'))).toMatch(/ends inside a hunk/);
    expect(problemOf(read('@@ -1,2 +1,2 @@\n a\nnot a hunk line\n', 'x', 'a\nb'))).toMatch(
      /line 3 of the diff is inside a hunk but starts with neither/,
    );
    expect(problemOf(read('@@ -1 +1,2 @@\n-a\n-b\n+a\n+b\n', 'x', 'a\nb'))).toMatch(
      /more lines than its header says/,
    );
  });
});
