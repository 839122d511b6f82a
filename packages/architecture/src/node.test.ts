import { afterAll, describe, expect, it } from 'vitest';
import { ArchitectureError } from './errors.js';
import { ruleForEveryFile } from './fixtures/every-file.js';
import { createRegexSandbox, reviewFileSafely } from './node.js';

const sandbox = createRegexSandbox({ timeoutMs: 300 });
afterAll(() => sandbox.close());

const ruleSet = (forbid: string) =>
  ruleForEveryFile({ mustNotDo: [{ rule: 'No runs of a before a bang', check: { forbid } }] });

describe('the regex sandbox', () => {
  it('stops a catastrophic regex at the time limit and reports it as not checked, never as a finding', async () => {
    const result = await reviewFileSafely(
      ruleSet('(a+)+$'),
      { filePath: 'a.txt', source: `${'a'.repeat(40)}!` },
      { sandbox },
    );
    expect(result).toMatchObject({ fix_required: false, identified_issues: [] });
    expect(result.not_checked).toEqual([
      {
        type: 'must_not_do',
        severity: 'HIGH',
        rule: 'No runs of a before a bang',
        pattern: 'all',
        check: 'forbid /(a+)+$/',
        reason:
          "The check's pattern /(a+)+$/ did not finish within 300 ms and was stopped, so it is not checked: judge this rule yourself, and rewrite it (nested repetition such as (a+)+ can backtrack without end).",
      },
    ]);
  });

  it('keeps working after a worker was stopped', async () => {
    await expect(sandbox.find('(x+)+$', `${'x'.repeat(40)}!`, 1)).rejects.toBeInstanceOf(ArchitectureError);
    await expect(sandbox.find('b', 'abcb', 10)).resolves.toEqual([1, 3]);
    const result = await reviewFileSafely(
      ruleSet('!$'),
      { filePath: 'a.txt', source: 'ok\nbang!\n' },
      { sandbox },
    );
    expect(result.identified_issues.map((finding) => finding.line)).toEqual([2]);
  });

  it('runs queued regexes one after another, each with its own time limit', async () => {
    const answers = await Promise.all([
      sandbox.find('a', 'aa', 10),
      sandbox.find('(y+)+$', `${'y'.repeat(40)}!`, 1).catch((error: Error) => error.constructor.name),
      sandbox.find('c', 'cac', 10),
    ]);
    expect(answers).toEqual([[0, 1], 'ArchitectureError', [0, 2]]);
  });
});
