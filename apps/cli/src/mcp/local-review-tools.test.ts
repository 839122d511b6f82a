import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../context';
import { testContext } from '../test-context';
import { scratchRepository } from '../testing/scratch-repository';
import { localReviewTools } from './local-review-tools';
import type { RemoteToolCall } from './local-tool';

const rules = [
  'rules:',
  '  - pattern: source',
  "    globs: ['src/**']",
  '    must_not_do:',
  '      - rule: No debugger statements',
  '        check: {forbid: "\\\\bdebugger\\\\b"}',
  '    should_do:',
  '      - rule: Name things clearly',
  '',
].join('\n');

function setUp() {
  const repo = scratchRepository();
  repo.write('RULES.yaml', rules);
  repo.write(
    '.architect.yaml',
    'features:\n  - name: source\n    design_pattern: Source files\n    includes: [src/**]\n    description: Plain modules.\n',
  );
  repo.write('src/a.ts', 'debugger;\nexport const a = 1;\n');
  repo.commitAll('first');
  // Not logged in: the repository's files are the only rules.
  const runtime = createRuntime(testContext({ cwd: repo.root }), {});
  const [designPatterns, review] = localReviewTools(runtime, { root: repo.root });
  if (!designPatterns || !review) throw new Error('two tools expected');
  return { repo, designPatterns, review };
}

const noRemote: RemoteToolCall = () => Promise.reject(new Error('no remote call expected'));

const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('the local review tools', () => {
  it('review only the lines the working tree adds, reading the file itself', async () => {
    const { repo, review } = setUp();
    repo.write('src/a.ts', 'debugger;\nexport const a = 1;\nif (a) debugger;\n');
    const result = await review.call({ file_path: 'src/a.ts' }, noRemote);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({
      file_path: 'src/a.ts',
      fix_required: true,
      identified_issues: [{ type: 'must_not_do', severity: 'HIGH', pattern: 'source', line: 3 }],
      rules_to_self_check: [
        { pattern: 'source', type: 'should_do', rule: 'Name things clearly', severity: 'MEDIUM' },
      ],
      matched_patterns: [{ name: 'source', design_pattern: 'Source files', confidence: 'glob' }],
      rule_set: null,
      rule_files: ['.architect.yaml', 'RULES.yaml'],
    });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  });

  it('accept an absolute path inside the repository and refuse one outside it', async () => {
    const { repo, review } = setUp();
    const inside = await review.call({ file_path: `${repo.root}/src/a.ts` }, noRemote);
    expect(inside.structuredContent?.file_path).toBe('src/a.ts');
    const outside = await review.call({ file_path: '../elsewhere.ts' }, noRemote);
    expect(outside).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'VALIDATION_FAILED: The path "../elsewhere.ts" leads outside the repository.',
        },
      ],
    });
    const missing = await review.call({ file_path: 'src/none.ts' }, noRemote);
    expect(missing).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'NOT_FOUND: No such file in the working tree.' }],
    });
  });

  it("with a task, send the findings to the server's record-review and report the receipt", async () => {
    const { repo, review } = setUp();
    repo.write('src/a.ts', 'export const a = 1;\ndebugger;\n');
    const calls: [string, Record<string, unknown>][] = [];
    const remote: RemoteToolCall = async (name, args): Promise<CallToolResult> => {
      calls.push([name, args]);
      const receipt = {
        task: 'SWB-7',
        file_path: 'src/a.ts',
        review_id: 'rev_1',
        recorded: 1,
        open_findings: { high: 1, medium: 0, low: 0 },
      };
      return { content: [{ type: 'text', text: JSON.stringify(receipt) }], structuredContent: receipt };
    };
    const result = await review.call({ file_path: 'src/a.ts', task: 'SWB-7' }, remote);
    expect(calls).toEqual([
      [
        'record-review',
        {
          task: 'SWB-7',
          file_path: 'src/a.ts',
          identified_issues: [
            expect.objectContaining({
              severity: 'HIGH',
              line: 2,
              pattern: 'source',
              check: expect.any(String),
            }),
          ],
          checked_locally: true,
          keep_findings_of: [],
        },
      ],
    ]);
    expect(result.structuredContent?.recorded).toEqual({
      task: 'SWB-7',
      review_id: 'rev_1',
      open_findings: { high: 1, medium: 0, low: 0 },
    });
  });

  it("keep the server's code when the findings cannot be recorded on the task", async () => {
    const { repo, review } = setUp();
    repo.write('src/a.ts', 'export const a = 1;\ndebugger;\n');
    const refusing: RemoteToolCall = async () => ({
      isError: true,
      content: [{ type: 'text', text: 'TASK_NOT_FOUND: There is no task SWB-404 in this organization.' }],
    });
    const result = await review.call({ file_path: 'src/a.ts', task: 'SWB-404' }, refusing);
    expect(result).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'TASK_NOT_FOUND: Reviewed src/a.ts, but the findings could not be recorded on SWB-404: There is no task SWB-404 in this organization.',
        },
      ],
    });
  });

  it('say which patterns cover a file', async () => {
    const { designPatterns } = setUp();
    const result = await designPatterns.call({ file_path: 'src/a.ts' }, noRemote);
    expect(result.structuredContent).toMatchObject({
      file_path: 'src/a.ts',
      matched_patterns: [{ name: 'source', confidence: 'glob' }],
      recommendations: [
        'Follow the Source files pattern (source).',
        'Must not: No debugger statements',
        'Should: Name things clearly',
      ],
      rule_set: null,
    });
    const refused = await designPatterns.call({ path: 'src/a.ts' }, noRemote);
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^VALIDATION_FAILED: /);
  });
});
