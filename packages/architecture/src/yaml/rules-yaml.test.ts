import { RULE_SET_LIMITS, YAML_LIMITS } from '@switchboard/api-client/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limits } from '../limits.js';
import type { Rule, RuleItem } from '../types.js';
import { parseArchitectYaml, toArchitectYaml } from './architect-yaml.js';
import { parseRulesYaml, toRulesYaml } from './rules-yaml.js';

describe('parseRulesYaml errors', () => {
  it('names the line of a syntax error', () => {
    const result = parseRulesYaml('rules:\n  - pattern: a\n   description: [\n');
    expect(result.ok ? undefined : result.errors[0]).toEqual({
      line: 3,
      column: 1,
      message: 'Sequence item without - indicator',
    });
  });

  it('names the mapping that lacks a pattern and the value that is not a regex', () => {
    const text = [
      'rules:',
      '  - pattern: first',
      '    globs: [src/**]',
      '  - globs: [lib/**]',
      '    description: no id',
      '  - pattern: third',
      '    must_not_do:',
      '      - rule: no unterminated groups',
      '        check:',
      '          forbid: "(a"',
    ].join('\n');
    expect(parseRulesYaml(text)).toEqual({
      ok: false,
      errors: [
        { line: 4, column: 5, message: '"pattern" is missing.' },
        {
          line: 10,
          column: 19,
          message: '"forbid": Not a valid regex: Invalid regular expression: /(a/m: Unterminated group',
        },
      ],
    });
  });

  it('refuses an empty check and a bad severity, each on its line', () => {
    const text = [
      'rules:',
      '  - pattern: a',
      '    must_do:',
      '      - rule: x',
      '        check: {}',
      '      - rule: y',
      '        severity: CRITICAL',
    ].join('\n');
    const result = parseRulesYaml(text);
    expect(result.ok ? [] : result.errors.map((error) => [error.line, error.message])).toEqual([
      [5, '"check": A check needs forbid, require or forbidImport.'],
      [7, '"severity": severity must be LOW, MEDIUM or HIGH.'],
    ]);
  });

  it('refuses a glob whose alternatives would multiply without bound, on its line', () => {
    const result = parseRulesYaml(
      `rules:\n  - pattern: a\n    globs:\n      - src/**\n      - '${'{a,b}'.repeat(5)}'\n`,
    );
    expect(result.ok ? [] : result.errors).toEqual([
      {
        line: 5,
        column: 9,
        message:
          '"globs" item 2: The glob\'s {…} alternatives expand to more than 16 globs, the limit per glob.',
      },
    ]);
  });

  it('refuses a check of an unknown kind on the line of that kind', () => {
    const text = [
      'rules:',
      '  - pattern: a',
      '    must_not_do:',
      '      - rule: no console',
      '        check:',
      '          forbid: console\\.log',
      '          forbidd: debugger',
    ].join('\n');
    const result = parseRulesYaml(text);
    expect(result.ok ? [] : result.errors).toEqual([
      {
        line: 7,
        column: 20,
        message: '"forbidd": is not a kind of check; a check is forbid, require or forbidImport.',
      },
    ]);
  });

  it("refuses more globs in one rule than the limit, on the rule's globs", () => {
    const globs = Array.from({ length: RULE_SET_LIMITS.globsPerRule + 1 }, (_, index) => `src/g${index}/**`);
    const result = parseRulesYaml(`rules:\n  - pattern: a\n    globs: [${globs.join(', ')}]\n`);
    expect(result.ok ? [] : result.errors).toEqual([
      {
        line: 3,
        column: 12,
        message: `"globs": holds more than ${RULE_SET_LIMITS.globsPerRule} globs, the limit per rule or design pattern.`,
      },
    ]);
  });

  it('refuses a pattern id defined twice, on the second one', () => {
    const result = parseRulesYaml('rules:\n  - pattern: a\n  - pattern: b\n  - pattern: a\n');
    expect(result.ok ? [] : result.errors).toEqual([
      { line: 4, column: 14, message: '"pattern": "a" is defined twice (entry 1 and entry 3).' },
    ]);
  });

  it('refuses text over the size limit and more rules than allowed', () => {
    const big = `description: "${'x'.repeat(limits.yamlBytes)}"\n`;
    expect(parseRulesYaml(big)).toEqual({
      ok: false,
      errors: [{ line: 1, message: 'RULES.yaml is 513 KB; the limit is 512 KB.' }],
    });
    const many = `rules:\n${Array.from({ length: limits.rules + 1 }, (_, index) => `  - pattern: r${index}\n`).join('')}`;
    const result = parseRulesYaml(many);
    expect(result.ok ? [] : result.errors).toEqual([
      { line: 2, column: 3, message: '"rules": A rule set holds at most 200 rules.' },
    ]);
  });

  it('refuses a document with more keys than the YAML limit before parsing it, and fast', () => {
    const keys = Array.from({ length: 36_000 }, (_, index) => `    k${index}: v`).join('\n');
    const started = performance.now();
    const result = parseRulesYaml(`rules:\n  - pattern: a\n${keys}\n`);
    // Parsing all of it took seconds before; counting stops at the limit.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result.ok ? [] : result.errors.map((error) => error.message)).toEqual([
      `RULES.yaml has more than ${YAML_LIMITS.entries.toLocaleString('en')} keys and list items; the limit is ${YAML_LIMITS.entries.toLocaleString('en')} per YAML document.`,
    ]);
  });

  it('refuses a key written twice in a mapping, on the second one', () => {
    const result = parseRulesYaml('rules:\n  - pattern: a\n    description: one\n    description: two\n');
    expect(result.ok ? [] : result.errors).toEqual([
      { line: 4, column: 5, message: 'Map keys must be unique; "description" is repeated' },
    ]);
  });

  it('keeps values as written and reads short forms', () => {
    const result = parseRulesYaml(
      'version: 1.0\nrules:\n  - pattern: a\n    globs: src/**\n    must_do: [yes]\n    should_do:\n',
    );
    expect(result).toEqual({
      ok: true,
      value: {
        version: '1.0',
        rules: [
          {
            pattern: 'a',
            globs: ['src/**'],
            description: '',
            inherits: [],
            mustDo: [{ rule: 'yes' }],
            shouldDo: [],
            mustNotDo: [],
          },
        ],
      },
    });
  });

  it('reads an empty file as an empty rule set and refuses a list at the top', () => {
    expect(parseRulesYaml('')).toEqual({ ok: true, value: { rules: [] } });
    expect(parseRulesYaml('- a\n').ok).toBe(false);
  });
});

describe('parseArchitectYaml errors', () => {
  it('names the feature that lacks a name', () => {
    const result = parseArchitectYaml(
      'features:\n  - name: a\n    design_pattern: A\n  - design_pattern: B\n',
    );
    expect(result.ok ? [] : result.errors).toEqual([{ line: 4, column: 5, message: '"name" is missing.' }]);
  });
});

// Texts that YAML could misread if written carelessly: numbers, booleans, nulls, colons, quotes,
// leading and trailing spaces and blank lines inside multi-line text.
const awkwardText = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '1.0',
    'true',
    'null',
    '~',
    'yes',
    '- a',
    'a: b',
    '#x',
    "'q'",
    ' lead',
    'trail ',
    'a\n\nb\n',
    '\n',
    '',
  ),
);
const nonEmpty = awkwardText.filter((text) => text.length > 0);
const regex = fc.constantFrom('console\\.log', '^export class \\w+', 'a|b', '(?:x){2}');

const item: fc.Arbitrary<RuleItem> = fc
  .record(
    {
      rule: nonEmpty,
      example: awkwardText,
      codeExample: awkwardText,
      check: fc.oneof(
        fc.record({ forbid: regex }),
        fc.record({ require: regex }),
        fc.record({ forbidImport: fc.array(nonEmpty, { minLength: 1, maxLength: 3 }) }),
      ),
      severity: fc.constantFrom('LOW' as const, 'MEDIUM' as const, 'HIGH' as const),
    },
    { requiredKeys: ['rule'] },
  )
  .map((value) => value as RuleItem);

const rule: fc.Arbitrary<Rule> = fc.record({
  pattern: nonEmpty,
  globs: fc.array(awkwardText, { maxLength: 3 }),
  description: awkwardText,
  inherits: fc.array(nonEmpty, { maxLength: 2 }),
  mustDo: fc.array(item, { maxLength: 2 }),
  shouldDo: fc.array(item, { maxLength: 2 }),
  mustNotDo: fc.array(item, { maxLength: 2 }),
});

describe('writing and reading back', () => {
  it('keeps any rule set unchanged', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            version: awkwardText,
            template: awkwardText,
            description: awkwardText,
            rules: fc.uniqueArray(rule, { selector: (entry) => entry.pattern, maxLength: 4 }),
          },
          { requiredKeys: ['rules'] },
        ),
        (content) => {
          expect(parseRulesYaml(toRulesYaml(content))).toEqual({ ok: true, value: content });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps any list of design patterns unchanged', () => {
    const pattern = fc.record({
      name: nonEmpty,
      designPattern: awkwardText,
      includes: fc.array(awkwardText, { maxLength: 3 }),
      description: awkwardText,
    });
    fc.assert(
      fc.property(fc.uniqueArray(pattern, { selector: (entry) => entry.name, maxLength: 4 }), (patterns) => {
        expect(parseArchitectYaml(toArchitectYaml(patterns))).toEqual({ ok: true, value: patterns });
      }),
      { numRuns: 100 },
    );
  });
});
