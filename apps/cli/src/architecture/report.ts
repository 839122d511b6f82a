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
    if (review.identified_issues.length === 0 && review.not_checked.length === 0) continue;
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
    for (const entry of review.not_checked) {
      out.write(`  NOT CHECKED  ${entry.pattern} · ${listName[entry.type]}: ${entry.rule}\n`);
      out.write(`          ${entry.reason}\n`);
    }
  }
}

/** The closing lines: what was reviewed against what, the counts, and how many rules are left to judge. */
export function printSummary(
  out: Output,
  report: { reviews: readonly FileReview[]; sources: readonly string[]; noRulesReason: string | undefined },
): void {
  const { reviews, sources } = report;
  if (reviews.length === 0) {
    out.write('No changed files to review.\n');
    return;
  }
  if (sources.length === 0) {
    const why = report.noRulesReason ? `${report.noRulesReason}, and ` : '';
    out.write(
      `No rules apply: ${why}the repository has no rule files (.architect.yaml, RULES.yaml, templates/<name>/…).\n`,
    );
    return;
  }
  const counts = countSeverities(reviews);
  const files = `${reviews.length} file${reviews.length === 1 ? '' : 's'}`;
  out.write(
    `Reviewed ${files} against ${sources.join(', ')}: ${counts.HIGH} HIGH, ${counts.MEDIUM} MEDIUM, ${counts.LOW} LOW.\n`,
  );
  const selfCheck = reviews.reduce((total, review) => total + review.rules_to_self_check.length, 0);
  if (selfCheck > 0) {
    out.write(
      `${selfCheck} rule${selfCheck === 1 ? ' has' : 's have'} no machine check; \`switchboard review --json\` lists them to judge.\n`,
    );
  }
  const notChecked = reviews.reduce((total, review) => total + review.not_checked.length, 0);
  if (notChecked > 0) {
    out.write(
      `${notChecked} check${notChecked === 1 ? '' : 's'} timed out or could not run (NOT CHECKED above); judge ${notChecked === 1 ? 'its rule' : 'their rules'} yourself.\n`,
    );
  }
}
