/** What a unified diff says about one file: the new-file lines it adds, or why it cannot be used. */
export type FileDiffReading = { ok: true; added: Set<number> } | { ok: false; problem: string };

/** The reviewed file's lines after the change, to hold the diff to. */
export interface ContentLines {
  lineText(line: number): string;
  lineCount: number;
}

const hunkHeader = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * Reads the part of a unified diff about `filePath`: the new-file line numbers it adds. When the diff
 * covers several files, only the section of `filePath` counts; a diff without file headers is taken to
 * be about the file. Because a diff narrows what a review looks at, a diff that could hide the file's
 * lines is refused rather than read as "nothing added": text with no hunk, a hunk cut short or with a
 * line that belongs to no hunk, no hunk of this file, or hunks whose added and context lines are not
 * the content's lines at those numbers.
 */
export function readFileDiff(diff: string, filePath: string, content: ContentLines): FileDiffReading {
  const added = new Set<number>();
  const otherFiles = new Set<string>();
  // undefined until a `+++ ` header is seen: a headerless diff is the file's own.
  let inFile: boolean | undefined;
  let hunks = 0;
  let fileHunks = 0;
  let nextLine = 0;
  // Lines left in the current hunk, counted from its header so that a following file's `--- ` and
  // `+++ ` headers are never read as a removed or an added line.
  let oldLeft = 0;
  let newLeft = 0;
  let mine = false;
  const lines = diff.split('\n');
  // The newline that ends the last line starts no line of its own (an empty context line would).
  if (lines.at(-1) === '') lines.pop();
  for (const [index, raw] of lines.entries()) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (oldLeft > 0 || newLeft > 0) {
      if (line.startsWith('\\')) continue;
      const kind = line === '' ? ' ' : line[0];
      if (kind === '-') {
        oldLeft--;
      } else if (kind === '+' || kind === ' ') {
        if (kind === ' ') oldLeft--;
        newLeft--;
        if (mine) {
          const expected = content.lineText(nextLine);
          if (nextLine > content.lineCount || expected.trimEnd() !== line.slice(1).trimEnd()) {
            return {
              ok: false,
              problem: `line ${index + 1} of the diff does not match line ${nextLine} of content, so the diff does not describe this content; send the diff of this very change of ${filePath}`,
            };
          }
          if (kind === '+') added.add(nextLine);
        }
        nextLine++;
      } else {
        return {
          ok: false,
          problem: `line ${index + 1} of the diff is inside a hunk but starts with neither " ", "+" nor "-"; the hunk has fewer lines than its header says`,
        };
      }
      if (oldLeft < 0 || newLeft < 0) {
        return {
          ok: false,
          problem: `the hunk ending at line ${index + 1} of the diff has more lines than its header says`,
        };
      }
      continue;
    }
    if (line.startsWith('+++ ')) {
      const name = headerName(line.slice(4));
      inFile = namesFile(name, filePath);
      if (!inFile && name !== '/dev/null') otherFiles.add(name.replace(/^[ab]\//, ''));
      continue;
    }
    const hunk = hunkHeader.exec(line);
    if (hunk) {
      hunks++;
      mine = inFile ?? true;
      if (mine) fileHunks++;
      oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
      nextLine = Number(hunk[2]);
      newLeft = hunk[3] === undefined ? 1 : Number(hunk[3]);
    }
  }
  if (oldLeft > 0 || newLeft > 0) {
    return {
      ok: false,
      problem: 'the diff ends inside a hunk: it has fewer lines than its last header says',
    };
  }
  if (hunks === 0) {
    return {
      ok: false,
      problem:
        'it is not a unified diff: it has no hunk header such as "@@ -1,3 +1,4 @@"; send the output of git diff, or leave diff out to check the whole file',
    };
  }
  if (fileHunks === 0) {
    const names = [...otherFiles].slice(0, 5).join(', ');
    return {
      ok: false,
      problem: `it has no hunk of ${filePath}${names ? ` (it changes ${names})` : ''}; send the diff of the file under review`,
    };
  }
  return { ok: true, added };
}

function headerName(header: string): string {
  return header.replace(/\t.*$/, '').replace(/^"|"$/g, '');
}

function namesFile(name: string, filePath: string): boolean {
  if (name === '/dev/null') return false;
  const withoutPrefix = name.replace(/^[ab]\//, '');
  return withoutPrefix === filePath || name === filePath || withoutPrefix.endsWith(`/${filePath}`);
}
