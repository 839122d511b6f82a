/** Maps character offsets of a text to 1-based line numbers. */
export function lineLocator(text: string): {
  lineAt(offset: number): number;
  lineText(line: number): string;
  lineCount: number;
} {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    starts.push(index + 1);
  const lineAt = (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const lineText = (line: number) => {
    const start = starts[line - 1] ?? text.length;
    const next = starts[line];
    return text.slice(start, next === undefined ? undefined : next - 1).replace(/\r$/, '');
  };
  return { lineAt, lineText, lineCount: starts.length };
}
