import { describe, expect, it } from 'vitest';
import { ArchitectureError } from './errors.js';
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
    });
  });

  it('refuses a file over 2 MB and a path that leaves the repository', async () => {
    const big = 'x'.repeat(limits.sourceBytes + 1);
    await expect(reviewFile(content, { filePath: 'src/components/a.ts', source: big })).rejects.toMatchObject(
      {
        code: 'CONTENT_TOO_LARGE',
        message: 'The file is larger than 2 MB; architecture review reads files up to that size.',
      },
    );
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
