/**
 * The new-file line numbers a unified diff adds. When the diff covers several files, only the section
 * of `filePath` counts; a diff without file headers is taken to be about the file.
 */
export function addedLines(diff: string, filePath: string): Set<number> {
  const added = new Set<number>();
  let inFile = !/^\+\+\+ /m.test(diff);
  let nextLine = 0;
  // Lines left in the current hunk, counted from its header so that a following file's `--- ` and
  // `+++ ` headers are never read as a removed or an added line.
  let oldLeft = 0;
  let newLeft = 0;
  for (const line of diff.split('\n')) {
    if (oldLeft > 0 || newLeft > 0) {
      if (line.startsWith('\\')) continue;
      if (line.startsWith('+')) {
        if (inFile) added.add(nextLine);
        nextLine++;
        newLeft--;
      } else if (line.startsWith('-')) {
        oldLeft--;
      } else {
        nextLine++;
        oldLeft--;
        newLeft--;
      }
      continue;
    }
    if (line.startsWith('+++ ')) {
      inFile = namesFile(line.slice(4), filePath);
      continue;
    }
    const hunk = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk) {
      oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
      nextLine = Number(hunk[2]);
      newLeft = hunk[3] === undefined ? 1 : Number(hunk[3]);
    }
  }
  return added;
}

function namesFile(header: string, filePath: string): boolean {
  const name = header.replace(/\t.*$/, '').replace(/^"|"$/g, '');
  if (name === '/dev/null') return false;
  const withoutPrefix = name.replace(/^[ab]\//, '');
  return withoutPrefix === filePath || name === filePath || withoutPrefix.endsWith(`/${filePath}`);
}
