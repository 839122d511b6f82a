import { describe, expect, it } from 'vitest';
import { printFindings, printSummary } from './report';
import type { FileReview } from './reviewer';

function capture(print: (out: { write(text: string): boolean }) => void): string {
  let text = '';
  print({
    write: (chunk: string) => {
      text += chunk;
      return true;
    },
  });
  return text;
}

const reviews: FileReview[] = [
  {
    file_path: 'src/a.ts',
    fix_required: true,
    identified_issues: [
      {
        type: 'should_do',
        severity: 'MEDIUM',
        rule: 'Prefer x',
        pattern: 'src',
        violation: 'Line 9 matches y',
        line: 9,
      },
      {
        type: 'must_not_do',
        severity: 'HIGH',
        rule: 'No axios',
        pattern: 'src',
        violation: 'Line 2: import of "axios"',
        line: 2,
        suggestion: 'Use the client\nfrom the api package',
      },
    ],
    rules_to_self_check: [{ pattern: 'src', type: 'must_do', rule: 'Think', severity: 'HIGH' }],
    not_checked: [
      {
        pattern: 'src',
        type: 'must_not_do',
        rule: 'No runs of a',
        severity: 'HIGH',
        check: 'forbid /(a+)+$/',
        reason: 'It did not finish within 2000 ms',
      },
    ],
    matched_outside_diff: [],
  },
  {
    file_path: 'src/clean.ts',
    fix_required: false,
    identified_issues: [],
    rules_to_self_check: [],
    not_checked: [],
    matched_outside_diff: [],
  },
  {
    file_path: 'big.js',
    fix_required: false,
    identified_issues: [],
    rules_to_self_check: [],
    not_checked: [],
    matched_outside_diff: [],
    skipped: 'too large',
  },
];

describe('the review report', () => {
  it('groups findings by file, heaviest first, and leaves clean files out', () => {
    expect(capture((out) => printFindings(out, reviews))).toBe(
      [
        'src/a.ts',
        '  HIGH    src · must not: No axios',
        '          Line 2: import of "axios"',
        '          → Use the client',
        '            from the api package',
        '  MEDIUM  src · should: Prefer x',
        '          Line 9 matches y',
        '  NOT CHECKED  src · must not: No runs of a',
        '          It did not finish within 2000 ms',
        'big.js',
        '  skipped: too large',
        '',
      ].join('\n'),
    );
  });

  it('sums up what was reviewed against what', () => {
    expect(
      capture((out) => printSummary(out, { reviews, sources: ['RULES.yaml'], noRulesReason: undefined })),
    ).toBe(
      'Reviewed 3 files against RULES.yaml: 1 HIGH, 1 MEDIUM, 0 LOW.\n1 rule has no machine check; `switchboard review --json` lists them to judge.\n' +
        '1 check timed out or could not run (NOT CHECKED above); judge its rule yourself.\n',
    );
    expect(
      capture((out) => printSummary(out, { reviews, sources: [], noRulesReason: 'not logged in' })),
    ).toBe(
      'No rules apply: not logged in, and the repository has no rule files (.architect.yaml, RULES.yaml, templates/<name>/…).\n',
    );
    expect(capture((out) => printSummary(out, { reviews: [], sources: [], noRulesReason: undefined }))).toBe(
      'No changed files to review.\n',
    );
  });
});
