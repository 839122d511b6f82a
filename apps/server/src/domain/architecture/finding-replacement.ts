/** A rule item as a finding names it. */
export interface FindingItem {
  pattern: string;
  type: string;
  rule: string;
  line?: number | null;
}

const itemKey = (finding: FindingItem) => JSON.stringify([finding.pattern, finding.type, finding.rule]);
const placeKey = (finding: FindingItem) => JSON.stringify([itemKey(finding), finding.line ?? null]);

/**
 * Which of a file's open findings a new review of that file replaces. A finding goes only when the
 * review shows it gone: its item was checked to the end over every line the finding could be on.
 * Items the review leaves unsettled (a check that timed out or could not run, or one that still
 * matches lines outside the diff) keep their findings, unless the review found the same item on the
 * same line again, which its new finding replaces.
 */
export function findingsReplaced<Row extends FindingItem>(
  open: readonly Row[],
  review: { findings: readonly FindingItem[]; unsettled: readonly FindingItem[] },
): Row[] {
  const unsettled = new Set(review.unsettled.map(itemKey));
  const foundAgain = new Set(review.findings.map(placeKey));
  return open.filter((row) => !unsettled.has(itemKey(row)) || foundAgain.has(placeKey(row)));
}
