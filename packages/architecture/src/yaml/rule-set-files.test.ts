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
});
