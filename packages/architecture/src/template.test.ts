import { describe, expect, it } from 'vitest';
import { fixture } from './fixtures/load.js';
import {
  findRule,
  matchDesignPatterns,
  mergeRuleSets,
  parseArchitectYaml,
  parseRulesYaml,
  type RuleSetContent,
  reviewFile,
} from './index.js';

// An AgiFlow-format template written for this test: a rule inheriting two others, globs with `!`
// excludes, and all three check kinds, read the way a team's existing files would be.
function unwrap<T>(result: { ok: true; value: T } | { ok: false; errors: unknown }): T {
  if (!result.ok) throw new Error(`parse failed: ${JSON.stringify(result.errors)}`);
  return result.value;
}

const template: RuleSetContent = {
  patterns: unwrap(parseArchitectYaml(fixture('./templates/typescript-service/architect.yaml'))),
  ...unwrap(parseRulesYaml(fixture('./templates/typescript-service/RULES.yaml'))),
};

const cleanService = [
  "import { Logger } from '../logger';",
  '',
  'export class BillingService {',
  '  constructor(private readonly logger: Logger) {}',
  '}',
  '',
].join('\n');

describe('an AgiFlow template', () => {
  it('reads both files with their extra and unknown keys', () => {
    expect(template.version).toBe('1.0');
    expect(template.template).toBe('typescript-service');
    expect(template.patterns.map((pattern) => pattern.name)).toEqual([
      'barrel-export-pattern',
      'service-pattern',
    ]);
    expect(template.patterns[0]?.description).toBe(
      'Export the public API from `index.ts` only.\n\nKeep internals out of the barrel.',
    );
    const services = template.rules.find((rule) => rule.pattern === 'services');
    expect(services?.mustNotDo.map((item) => item.rule)).toEqual([
      'Services never reach into the database layer by relative path',
      'Avoid static state',
    ]);
    expect(template.rules.find((rule) => rule.pattern === 'no-http-clients')?.mustNotDo[0]?.severity).toBe(
      'MEDIUM',
    );
  });

  it('finds the first matching rule, honouring excludes and the path without src/', () => {
    expect(findRule(template, 'src/services/billing.ts')?.rule.pattern).toBe('services');
    expect(findRule(template, 'src/services/billing.test.ts')?.rule.pattern).toBe('typescript-base');
    expect(findRule(template, 'src/services/legacy/old.ts')?.rule.pattern).toBe('typescript-base');
    expect(findRule(template, 'src/routes/tasks.ts')?.rule.pattern).toBe('routes');
    expect(findRule(template, 'README.md')).toBeUndefined();
  });

  it('resolves inherits recursively and stops at a rule that inherits itself', () => {
    const services = findRule(template, 'src/services/billing.ts');
    expect(services?.chain).toEqual(['services', 'no-http-clients', 'typescript-base']);
    expect(services?.items.map((item) => [item.pattern, item.type, item.severity])).toEqual([
      ['services', 'must_do', 'HIGH'],
      ['services', 'must_do', 'HIGH'],
      ['services', 'should_do', 'LOW'],
      ['services', 'must_not_do', 'HIGH'],
      ['services', 'must_not_do', 'HIGH'],
      ['no-http-clients', 'must_not_do', 'MEDIUM'],
      ['typescript-base', 'should_do', 'MEDIUM'],
      ['typescript-base', 'must_not_do', 'HIGH'],
    ]);
    expect(findRule(template, 'routes/a.ts')?.chain).toEqual(['routes']);
  });

  it('matches design patterns, literal includes first', () => {
    const barrel = matchDesignPatterns(template, 'src/index.ts');
    expect(barrel.matched_patterns).toEqual([
      {
        name: 'barrel-export-pattern',
        design_pattern: 'Barrel Export Pattern for Public API',
        description: template.patterns[0]?.description,
        confidence: 'exact',
      },
    ]);
    const service = matchDesignPatterns(template, 'src/services/billing.ts');
    expect(service.matched_patterns.map((pattern) => [pattern.name, pattern.confidence])).toEqual([
      ['service-pattern', 'glob'],
    ]);
    expect(service.recommendations).toContain('Follow the Service Classes pattern (service-pattern).');
    expect(service.recommendations).toContain('Must not: Do not import HTTP clients directly');
    expect(matchDesignPatterns(template, 'src/services/billing.test.ts').matched_patterns).toEqual([]);
  });

  it('passes a clean service and hands back the rules no check covers', async () => {
    const result = await reviewFile(template, { filePath: 'src/services/billing.ts', source: cleanService });
    expect(result.fix_required).toBe(false);
    expect(result.identified_issues).toEqual([]);
    expect(result.rules_to_self_check).toEqual([
      {
        pattern: 'services',
        type: 'must_do',
        rule: 'Keep constructors free of side effects',
        severity: 'HIGH',
      },
      { pattern: 'services', type: 'should_do', rule: 'Document public methods', severity: 'LOW' },
      { pattern: 'services', type: 'must_not_do', rule: 'Avoid static state', severity: 'HIGH' },
      { pattern: 'typescript-base', type: 'should_do', rule: 'Prefer named exports', severity: 'MEDIUM' },
    ]);
  });

  it('reports each check kind with its severity and line', async () => {
    const source = [
      "import axios from 'axios';",
      "import { db } from '../../db/client';",
      '// console.log( in a comment still matches a forbid regex: it reads text, not code',
      'export function charge() {',
      "  console.log('charging');",
      '}',
    ].join('\n');
    const result = await reviewFile(template, { filePath: 'src/services/billing.ts', source });
    expect(result.fix_required).toBe(true);
    expect(
      result.identified_issues.map((finding) => [
        finding.pattern,
        finding.type,
        finding.severity,
        finding.line,
      ]),
    ).toEqual([
      ['services', 'must_do', 'HIGH', undefined],
      ['services', 'must_not_do', 'HIGH', 2],
      ['no-http-clients', 'must_not_do', 'MEDIUM', 1],
      ['typescript-base', 'must_not_do', 'HIGH', 3],
      ['typescript-base', 'must_not_do', 'HIGH', 5],
    ]);
    expect(result.identified_issues[2]).toMatchObject({
      rule: 'Do not import HTTP clients directly',
      violation: 'Line 1: import of "axios", which the module pattern "axios" forbids.',
      suggestion: "Use the api package's client instead",
    });
  });

  it('with only MEDIUM findings a fix is not required', async () => {
    const source = `import got from '@internal/http';\n${cleanService}`;
    const result = await reviewFile(template, { filePath: 'src/services/billing.ts', source });
    expect(result.identified_issues.map((finding) => finding.severity)).toEqual(['MEDIUM']);
    expect(result.fix_required).toBe(false);
  });

  it('lets organization, template and project layers override each other by name', () => {
    const global: RuleSetContent = {
      patterns: unwrap(parseArchitectYaml(fixture('./global-architect.yaml'))),
      rules: [],
    };
    const project = unwrap(
      parseRulesYaml(
        'rules:\n  - pattern: services\n    globs: [src/services/**]\n    description: project wording\n',
      ),
    );
    const merged = mergeRuleSets(global, template, { patterns: [], ...project });
    expect(merged.patterns.map((pattern) => [pattern.name, pattern.designPattern])).toEqual([
      ['barrel-export-pattern', 'Barrel Export Pattern for Public API'],
      ['service-pattern', 'Service Classes'],
      ['readme', 'Every package has a README'],
    ]);
    expect(merged.rules.find((rule) => rule.pattern === 'services')?.description).toBe('project wording');
    expect(merged.rules.length).toBe(template.rules.length);
    expect(merged.template).toBe('typescript-service');
  });
});
