import { describe, expect, it } from 'vitest';
import { addedLines } from './diff.js';

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

describe('addedLines', () => {
  it('numbers added lines in the new file, per file of the diff', () => {
    expect([...addedLines(twoFiles, 'src/a.ts')]).toEqual([2, 3, 12]);
    expect([...addedLines(twoFiles, 'src/b.ts')]).toEqual([1]);
    expect([...addedLines(twoFiles, 'src/c.ts')]).toEqual([]);
  });

  it('reads a headerless diff as the file’s own', () => {
    expect([...addedLines('@@ -1 +1,2 @@\n a\n+b\n', 'x.ts')]).toEqual([2]);
  });

  it('never reads a removed "--- " line inside a hunk as a header', () => {
    const diff = '--- a/x\n+++ b/x\n@@ -1,2 +1,1 @@\n--- not a header\n+++ added text\n';
    expect([...addedLines(diff, 'x')]).toEqual([1]);
  });
});
