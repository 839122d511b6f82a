import { YAML_LIMITS } from '@switchboard/api-client/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TemplateError } from './errors.js';
import { formatInclude, parseInclude } from './include.js';
import { parseScaffoldYaml, toScaffoldYaml } from './scaffold-yaml.js';

function refusal(run: () => unknown): TemplateError {
  try {
    run();
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error('expected a TemplateError');
}

describe('parseInclude', () => {
  it('reads source, target and conditions, booleans as booleans', () => {
    expect(parseInclude('a.ts->src/{{ name }}.ts?withTests=true&kind=api&x=false')).toEqual({
      source: 'a.ts',
      target: 'src/{{ name }}.ts',
      conditions: { withTests: true, kind: 'api', x: false },
    });
    expect(parseInclude('package.json')).toEqual({
      source: 'package.json',
      target: 'package.json',
      conditions: {},
    });
  });

  it('writes back what it read', () => {
    for (const line of ['a.ts->b.ts?withTests=true', 'package.json', 'x->y?k=v&j=false']) {
      expect(formatInclude(parseInclude(line))).toBe(line);
    }
  });

  it('refuses a condition without a value', () => {
    expect(refusal(() => parseInclude('a.ts?withTests')).message).toContain('name=value');
  });
});

describe('parseScaffoldYaml', () => {
  it('reads boilerplates and features with their schemas', () => {
    const config = parseScaffoldYaml(`boilerplate:
  - name: lib
    targetFolder: packages
    variables_schema: {type: object, properties: {withTests: {type: boolean, default: true}}}
    includes: [package.json, vitest.config.ts?withTests=true]
features:
  - name: service
    includes: [a.ts->b.ts]
    patterns: [src/**]
`);
    expect(config.boilerplates).toEqual([
      {
        name: 'lib',
        kind: 'boilerplate',
        targetFolder: 'packages',
        variablesSchema: { type: 'object', properties: { withTests: { type: 'boolean', default: true } } },
        includes: [
          { source: 'package.json', target: 'package.json', conditions: {} },
          { source: 'vitest.config.ts', target: 'vitest.config.ts', conditions: { withTests: true } },
        ],
      },
    ]);
    expect(config.features[0]).toMatchObject({ name: 'service', kind: 'feature', patterns: ['src/**'] });
    expect(parseScaffoldYaml(toScaffoldYaml(config))).toEqual(config);
  });

  it('names the line of a YAML syntax error', () => {
    const error = refusal(() => parseScaffoldYaml('features:\n  - name: a\n    includes: [a\n'));
    expect(error.code).toBe('INVALID_SCAFFOLD_YAML');
    expect(error.message).toMatch(/line \d+/);
  });

  it('names the field and line of a wrong shape', () => {
    const error = refusal(() =>
      parseScaffoldYaml('features:\n  - name: ok\n  - name: 12\n    includes: yes\n'),
    );
    expect(error.message).toContain('line 3: features[1].name must be text');
    expect(error.message).toContain('line 4: features[1].includes must be a list');
    expect(error.problems.map((problem) => problem.field)).toEqual([
      'features[1].name',
      'features[1].includes',
    ]);
  });

  it('refuses a missing name, a non-object schema and a name used twice', () => {
    expect(refusal(() => parseScaffoldYaml('features:\n  - includes: [a]\n')).message).toContain(
      'features[0].name is missing',
    );
    expect(
      refusal(() => parseScaffoldYaml('features:\n  - name: a\n    variables_schema: {type: string}\n'))
        .message,
    ).toContain('line 3: features[0].variables_schema.type must be "object"');
    expect(
      refusal(() => parseScaffoldYaml('boilerplate:\n  - name: a\nfeatures:\n  - name: a\n')).message,
    ).toContain('line 4: features[0].name "a" is used twice');
  });

  it('refuses targets that leave the project, each on its line', () => {
    const error = refusal(() =>
      parseScaffoldYaml(
        [
          'features:',
          '  - name: a',
          '    includes:',
          '      - a.ts->../../x.ts',
          '      - b.ts->/tmp/x.ts',
          '      - c.ts->src\\x.ts',
          '      - d.ts->src/{{ name }}.ts',
          '    targetFolder: ~/elsewhere',
        ].join('\n'),
      ),
    );
    expect(error.problems.map((problem) => [problem.line, problem.message])).toEqual([
      [
        4,
        'features[0].includes[0]: the target "../../x.ts" leaves its folder with ".."; targets stay inside the project',
      ],
      [5, 'features[0].includes[1]: the target "/tmp/x.ts" is absolute; targets stay inside the project'],
      [
        6,
        'features[0].includes[2]: the target "src\\\\x.ts" contains a backslash; targets stay inside the project',
      ],
      [8, 'features[0].targetFolder "~/elsewhere" is absolute; targets stay inside the project'],
    ]);
  });

  it('refuses two includes of one method writing the same target under the same conditions', () => {
    const error = refusal(() =>
      parseScaffoldYaml(
        'features:\n  - name: a\n    includes:\n      - a.ts->src/x.ts?ts=true\n      - b.ts->src/x.js?ts=false\n      - c.ts->./src/x.ts?ts=true\n',
      ),
    );
    expect(error.problems.map((problem) => [problem.line, problem.message])).toEqual([
      [
        6,
        'features[0].includes[2] writes "src/x.ts" as includes[0] does, under the same conditions; one would overwrite the other',
      ],
    ]);
  });

  it('refuses a scaffold.yaml past the YAML limits before parsing it, and fast', () => {
    const keys = Array.from({ length: 36_000 }, (_, index) => `      k${index}: v`).join('\n');
    const started = performance.now();
    const error = refusal(() =>
      parseScaffoldYaml(`features:\n  - name: a\n    variables_schema:\n${keys}\n`),
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    // Lines 1-3 hold four entries (features, the item, name, variables_schema), so the count passes
    // the limit on the line of key number limit - 3.
    expect(error.message).toBe(
      `scaffold.yaml: line ${YAML_LIMITS.entries}: scaffold.yaml has more than ${YAML_LIMITS.entries.toLocaleString('en')} keys and list items; the limit is ${YAML_LIMITS.entries.toLocaleString('en')} per YAML document.`,
    );
  });

  it('answers a config or a TemplateError for any text, never another error', () => {
    const piece = fc.constantFrom(
      'features:',
      'boilerplate:',
      '\n',
      '  - name: a',
      ' includes: [',
      'x->y',
      ']',
      ': ',
      '..',
      '/',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        try {
          parseScaffoldYaml(pieces.join(''));
        } catch (error) {
          expect(error).toBeInstanceOf(TemplateError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
