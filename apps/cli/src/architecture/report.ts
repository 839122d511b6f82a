import type { Finding, Severity } from '@switchboard/architecture';
import type { Output } from '../context';
import type { FileReview } from './reviewer';

const order: Record<Severity, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };
const listName: Record<Finding['type'], string> = {
  must_do: 'must',
  should_do: 'should',
  must_not_do: 'must not',
};

export type SeverityCounts = Record<Severity, number>;

export function countSeverities(reviews: readonly FileReview[]): SeverityCounts {
  const counts: SeverityCounts = { HIGH: 0, MEDIUM: 0, LOW: 0 };
  for (const review of reviews) for (const finding of review.identified_issues) counts[finding.severity]++;
  return counts;
}

/** Findings grouped by file, the heaviest first, each with its rule, what broke it and how to fix it. */
export function printFindings(out: Output, reviews: readonly FileReview[]): void {
  for (const review of reviews) {
    if (review.skipped) {
      out.write(`${review.file_path}\n  skipped: ${review.skipped}\n`);
      continue;
    }
    if (review.identified_issues.length === 0) continue;
    out.write(`${review.file_path}\n`);
    const findings = [...review.identified_issues].sort(
      (a, b) => order[a.severity] - order[b.severity] || (a.line ?? 0) - (b.line ?? 0),
    );
    for (const finding of findings) {
      out.write(
        `  ${finding.severity.padEnd(6)}  ${finding.pattern} · ${listName[finding.type]}: ${finding.rule}\n`,
      );
      out.write(`          ${finding.violation}\n`);
      if (finding.suggestion)
        out.write(`          → ${finding.suggestion.split('\n').join('\n            ')}\n`);
    }
  }
}

export function summaryLine(reviewed: number, counts: SeverityCounts, rulesFrom: string): string {
  const files = `${reviewed} file${reviewed === 1 ? '' : 's'}`;
  return `Reviewed ${files} against ${rulesFrom}: ${counts.HIGH} HIGH, ${counts.MEDIUM} MEDIUM, ${counts.LOW} LOW.`;
}
