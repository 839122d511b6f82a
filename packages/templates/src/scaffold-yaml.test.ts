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
});
