import { RULE_SET_LIMITS } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { parseRuleSetFiles, toRuleSetFiles } from './rule-set-files.js';

const architectYaml = `features:
  - name: routes
    design_pattern: Thin route handlers
    includes: [src/routes/**]
    description: Routes only parse and call the domain.
`;
const rulesYaml = `version: "1"
rules:
  - pattern: routes
    globs: [src/routes/**]
    description: Route files
    must_not_do:
      - rule: No database in routes
        check:
          forbidImport: ["../db/*"]
`;

describe('parseRuleSetFiles', () => {
  it('reads both files into one rule set and writes them back alike', () => {
    const reading = parseRuleSetFiles({ architectYaml, rulesYaml });
    expect(reading.architectErrors).toEqual([]);
    expect(reading.rulesErrors).toEqual([]);
    expect(reading.content?.patterns.map((pattern) => pattern.name)).toEqual(['routes']);
    expect(reading.content?.rules.map((rule) => rule.pattern)).toEqual(['routes']);
    if (!reading.content) return;
    expect(parseRuleSetFiles(toRuleSetFiles(reading.content)).content).toEqual(reading.content);
  });

  it('takes an empty file as an empty list', () => {
    expect(parseRuleSetFiles({ architectYaml: ' \n', rulesYaml: '' }).content).toEqual({
      patterns: [],
      rules: [],
    });
  });

  it('keeps each file’s errors apart, with their lines, and holds no content then', () => {
    const reading = parseRuleSetFiles({ architectYaml, rulesYaml: 'rules:\n  - globs: [a]\n' });
    expect(reading.architectErrors).toEqual([]);
    expect(reading.rulesErrors[0]?.line).toBe(2);
    expect(reading.content).toBeNull();
  });

  it('refuses a rule that inherits a rule the set does not have, on the line of the name', () => {
    const reading = parseRuleSetFiles({
      architectYaml: '',
      rulesYaml: 'rules:\n  - pattern: base\n  - pattern: routes\n    inherits: [base, no-such-pattern]\n',
    });
    expect(reading.content).toBeNull();
    expect(reading.rulesErrors).toEqual([
      {
        line: 4,
        column: 22,
        message: '"inherits": "no-such-pattern" is not the pattern of any rule of this rule set.',
      },
    ]);
  });

  it('refuses a rule that would review a file against more items than one review runs', () => {
    const items = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => `      - ${prefix} ${index}`).join('\n');
    const half = RULE_SET_LIMITS.itemsPerReview / 2 + 1;
    const rulesYaml = `rules:\n  - pattern: child\n    inherits: [parent]\n    must_do:\n${items('child', half)}\n  - pattern: parent\n    must_do:\n${items('parent', half)}\n`;
    const reading = parseRuleSetFiles({ architectYaml: '', rulesYaml });
    expect(reading.rulesErrors).toEqual([
      {
        line: 2,
        column: 5,
        message: `The rule "child" reviews a file against ${half * 2} items, its own and those it inherits; the limit is ${RULE_SET_LIMITS.itemsPerReview} items per review.`,
      },
    ]);
  });

  it('refuses globs that together expand past the rule set limit, at the glob that passes it', () => {
    // 20 rules × 4 globs × 16 alternatives = 1,280 globs: 15 rules make 960, and the third glob of
    // the 16th rule (on line 33) takes the count to 1,008.
    const glob = '**/{a,b}{c,d}{e,f}{g,h}/**/z';
    const rules = Array.from(
      { length: 20 },
      (_, index) => `  - pattern: r${index}\n    globs: ['${glob}', '${glob}1', '${glob}2', '${glob}3']`,
    ).join('\n');
    const reading = parseRuleSetFiles({ architectYaml: '', rulesYaml: `rules:\n${rules}\n` });
    expect(reading.rulesErrors).toEqual([
      {
        line: 33,
        column: 78,
        message: `The rule set's globs expand (with their {…} alternatives) to more than ${RULE_SET_LIMITS.globsPerSet.toLocaleString('en')} globs here; the limit is ${RULE_SET_LIMITS.globsPerSet.toLocaleString('en')} per rule set.`,
      },
    ]);
  });
});
