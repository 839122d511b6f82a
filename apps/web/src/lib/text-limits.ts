/** Counting starts to show when a text is this close to its limit, so the limit never surprises. */
const SHOWN_FROM = 0.8;

/** Characters as the server counts them (UTF-16 code units, as zod's max does). */
export function lengthOf(text: string): number {
  return text.length;
}

/** Whether the counter is worth showing yet. */
export function counterShown(text: string, limit: number): boolean {
  return lengthOf(text) >= limit * SHOWN_FROM;
}

/** Why a text is refused for its length, or undefined: longer texts are refused, never cut. */
export function tooLong(what: string, text: string, limit: number): string | undefined {
  const length = lengthOf(text);
  if (length <= limit) return undefined;
  const over = length - limit;
  return `${what} has at most ${limit.toLocaleString('en')} characters; this one has ${length.toLocaleString('en')} (${over.toLocaleString('en')} too many). Nothing was cut.`;
}
