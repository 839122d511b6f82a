import { describe, expect, it } from 'vitest';
import { inProcessRegexRunner, type RegexRunner } from './checks/regex-runner.js';
import { ArchitectureError } from './errors.js';
import { ruleForEveryFile } from './fixtures/every-file.js';
import { limits } from './limits.js';
import { reviewFile } from './review.js';
import type { RuleSetContent } from './types.js';

const content: RuleSetContent = {
  patterns: [],
  rules: [
    {
      pattern: 'components',
      globs: ['src/components/**'],
      description: '',
      inherits: [],
      mustDo: [],
      shouldDo: [{ rule: 'No inline styles', check: { forbid: 'style=\\{\\{' } }],
      mustNotDo: [{ rule: 'No database access', check: { forbidImport: ['@app/db', '@app/db/*'] } }],
    },
  ],
};

const source = [
  "import { db } from '@app/db';",
  'export function Old() { return <p style={{ color: "red" }} />; }',
  "import { query } from '@app/db/query';",
  'export function New() { return <p style={{ color: "blue" }} />; }',
].join('\n');

describe('reviewFile', () => {
  it('reviews the whole file without a diff', async () => {
    const result = await reviewFile(content, { filePath: 'src/components/card.tsx', source });
    expect(result.identified_issues.map((finding) => [finding.type, finding.severity, finding.line])).toEqual(
      [
        ['should_do', 'MEDIUM', 2],
        ['should_do', 'MEDIUM', 4],
        ['must_not_do', 'HIGH', 1],
        ['must_not_do', 'HIGH', 3],
      ],
    );
  });

  it('with a diff, reports forbidden text and imports only on the lines it adds', async () => {
    const diff = [
      '--- a/src/components/card.tsx',
      '+++ b/src/components/card.tsx',
      '@@ -1,2 +1,4 @@',
      " import { db } from '@app/db';",
      ' export function Old() { return <p style={{ color: "red" }} />; }',
      "+import { query } from '@app/db/query';",
      '+export function New() { return <p style={{ color: "blue" }} />; }',
    ].join('\n');
    const result = await reviewFile(content, { filePath: 'src/components/card.tsx', source, diff });
    expect(result.identified_issues.map((finding) => finding.line)).toEqual([4, 3]);
    expect(result.fix_required).toBe(true);
  });

  it('answers nothing for a file no rule covers', async () => {
    expect(await reviewFile(content, { filePath: 'docs/readme.md', source: 'style={{' })).toEqual({
      fix_required: false,
      identified_issues: [],
      rules_to_self_check: [],
      not_checked: [],
      matched_outside_diff: [],
    });
  });

  it('refuses a review over the size limit, file and diff together, with advice', async () => {
    const big = 'x'.repeat(limits.reviewBytes + 1);
    await expect(reviewFile(content, { filePath: 'src/components/a.ts', source: big })).rejects.toMatchObject(
      { code: 'CONTENT_TOO_LARGE', message: expect.stringContaining('leave it out of the review') },
    );
    const half = 'x'.repeat(limits.reviewBytes / 2 + 1);
    await expect(
      reviewFile(content, { filePath: 'src/components/a.ts', source: half, diff: half }),
    ).rejects.toMatchObject({ code: 'CONTENT_TOO_LARGE', message: expect.stringContaining('git diff -U0') });
  });

  it('refuses a diff that cannot describe the file, even when no rule covers it', async () => {
    for (const filePath of ['src/components/card.tsx', 'docs/readme.md']) {
      await expect(reviewFile(content, { filePath, source, diff: 'not a diff' })).rejects.toMatchObject({
        code: 'DIFF_INVALID',
        message: expect.stringMatching(/^The diff cannot be used: it is not a unified diff/),
      });
    }
  });

  it('checks the whole file when the diff is empty', async () => {
    const whole = await reviewFile(content, { filePath: 'src/components/card.tsx', source });
    for (const diff of ['', ' \n']) {
      expect(await reviewFile(content, { filePath: 'src/components/card.tsx', source, diff })).toEqual(whole);
    }
  });

  it('names the check behind each finding, and the items still matching outside the diff', async () => {
    const diff = '@@ -3,0 +4 @@\n+export function New() { return <p style={{ color: "blue" }} />; }\n';
    const result = await reviewFile(content, { filePath: 'src/components/card.tsx', source, diff });
    expect(result.identified_issues).toEqual([
      expect.objectContaining({ line: 4, check: 'forbid /style=\\{\\{/' }),
    ]);
    expect(result.matched_outside_diff).toEqual([
      { pattern: 'components', type: 'should_do', rule: 'No inline styles' },
      { pattern: 'components', type: 'must_not_do', rule: 'No database access' },
    ]);
  });

  it('reports a check that cannot run or that the time budget does not reach as not checked', async () => {
    const slow: RegexRunner = {
      find: (pattern, text, limit) =>
        pattern === 'slow'
          ? new Promise((resolve) => setTimeout(() => resolve([]), 5_000))
          : inProcessRegexRunner.find(pattern, text, limit),
    };
    const checks = ruleForEveryFile({
      mustDo: [{ rule: 'Broken', check: { require: '(' } }],
      mustNotDo: [
        { rule: 'Slow', check: { forbid: 'slow' } },
        { rule: 'Never reached', check: { forbid: 'x' } },
      ],
    });
    const result = await reviewFile(
      checks,
      { filePath: 'a.ts', source: 'x' },
      { regexRunner: slow, timeBudgetMs: 50 },
    );
    expect(result).toMatchObject({ fix_required: false, identified_issues: [] });
    expect(result.not_checked).toEqual([
      expect.objectContaining({
        rule: 'Broken',
        check: 'require /(/',
        reason: expect.stringMatching(/^Its regex cannot run/),
      }),
      expect.objectContaining({
        rule: 'Slow',
        severity: 'HIGH',
        check: 'forbid /slow/',
        reason: "Did not finish within the review's time budget of 0.05 s; judge this rule yourself",
      }),
      expect.objectContaining({
        rule: 'Never reached',
        reason: expect.stringMatching(/^Not reached within/),
      }),
    ]);
    await expect(reviewFile(content, { filePath: '../outside.ts', source: '' })).rejects.toBeInstanceOf(
      ArchitectureError,
    );
  });

  it('lists at most ten findings per check and says how many more there are', async () => {
    const many = Array.from({ length: 13 }, () => '<p style={{}} />').join('\n');
    const result = await reviewFile(content, { filePath: 'src/components/many.tsx', source: many });
    expect(result.identified_issues).toHaveLength(10);
    expect(result.identified_issues.at(-1)?.violation).toMatch(/\(3 more not listed\)$/);
  });
});
