/** Where a task's key was found: what the activity line names as the reason for a link. */
export interface KeyMention {
  number: number;
  /** e.g. "branch gte-4-add-login", "title", "commit 1a2b3c4". */
  foundIn: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The numbers of the project's tasks a text names: its key in any case (GTE-4, gte-4), never as part
 * of a longer word or number (XGTE-4, GTE-41 is 41, not 4).
 */
export function taskNumbersIn(projectKey: string, text: string): number[] {
  const pattern = new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(projectKey)}-(\\d{1,9})(?!\\d)`, 'gi');
  return [...new Set([...text.matchAll(pattern)].map((match) => Number(match[1])))];
}

/** Each task number found in the texts, with the first text it was found in (earlier texts win). */
export function keyMentions(
  projectKey: string,
  texts: readonly { text: string; foundIn: string }[],
): KeyMention[] {
  const found = new Map<number, string>();
  for (const { text, foundIn } of texts) {
    for (const number of taskNumbersIn(projectKey, text)) if (!found.has(number)) found.set(number, foundIn);
  }
  return [...found].map(([number, foundIn]) => ({ number, foundIn }));
}
