import { ruleRegexFlags } from '../yaml/regex-syntax.js';

/**
 * Runs a rule's regex over a text and answers the start offsets of its matches. The default runs in
 * this thread; `reviewFileSafely` (the Node entry) passes one that runs in a worker with a time limit,
 * so a catastrophic pattern cannot stall a server or a commit hook.
 */
export interface RegexRunner {
  /** At most `limit` match offsets, in order. */
  find(source: string, text: string, limit: number): Promise<number[]>;
}

export const inProcessRegexRunner: RegexRunner = {
  find: async (source, text, limit) => findMatchOffsets(source, ruleRegexFlags, text, limit),
};

/**
 * Self-contained (it names nothing outside itself) because the worker runs its source text, which
 * stays valid after bundling.
 */
export function findMatchOffsets(source: string, flags: string, text: string, limit: number): number[] {
  const pattern = new RegExp(source, `${flags}g`);
  const offsets: number[] = [];
  for (let match = pattern.exec(text); match && offsets.length < limit; match = pattern.exec(text)) {
    offsets.push(match.index);
    // A zero-width match would otherwise be found at the same place forever.
    if (match[0].length === 0) pattern.lastIndex++;
  }
  return offsets;
}
