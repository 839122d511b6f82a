import { describe, expect, it } from 'vitest';
import { CliError } from '../exit-codes';
import { scratchRepository } from '../testing/scratch-repository';
import { RepositoryRuleFiles } from './repository-rules';

const rule = (pattern: string, globs: string, description: string) =>
  `  - pattern: ${pattern}\n    globs: [${globs}]\n    description: ${description}\n`;

describe("a repository's rule files", () => {
  it('layers global, template and project files for a monorepo project, with globs against the project root', () => {
    const repo = scratchRepository();
    repo.write('templates/RULES.yaml', `rules:\n${rule('everything', "'**'", 'global')}`);
    repo.write(
      'templates/service/RULES.yaml',
      `template: service\nrules:\n${rule('handlers', 'src/handlers/**', 'template')}`,
    );
    repo.write(
      'templates/service/architect.yaml',
      'features:\n  - name: handler\n    design_pattern: Template handler\n    includes: [src/handlers/**]\n',
    );
    repo.write('packages/api/project.json', JSON.stringify({ name: 'api', sourceTemplate: 'service' }));
    repo.write(
      'packages/api/.architect.yaml',
      'features:\n  - name: handler\n    design_pattern: Project handler\n    includes: [src/handlers/**]\n',
    );
    const files = new RepositoryRuleFiles(repo.root);

    const api = files.rulesFor('packages/api/src/handlers/users.ts');
    expect(api.projectPath).toBe('src/handlers/users.ts');
    expect(api.template).toBe('service');
    expect(api.files).toEqual([
      'templates/RULES.yaml',
      'templates/service/architect.yaml',
      'templates/service/RULES.yaml',
      'packages/api/.architect.yaml',
    ]);
    expect(api.content?.patterns.map((pattern) => pattern.designPattern)).toEqual(['Project handler']);
    expect(api.content?.rules.map((entry) => entry.pattern)).toEqual(['handlers', 'everything']);

    const outside = files.rulesFor('scripts/build.ts');
    expect(outside.projectPath).toBe('scripts/build.ts');
    expect(outside.files).toEqual(['templates/RULES.yaml']);
  });

  it("takes a single-project repository's template and templates folder from .toolkit/settings.yaml", () => {
    const repo = scratchRepository();
    repo.write(
      '.toolkit/settings.yaml',
      'projectType: monolith\nsourceTemplate: web\ntemplatesPath: rules\n',
    );
    repo.write('rules/web/RULES.yaml', `rules:\n${rule('pages', 'src/pages/**', 'pages')}`);
    const rules = new RepositoryRuleFiles(repo.root).rulesFor('src/pages/index.tsx');
    expect(rules.files).toEqual(['rules/web/RULES.yaml']);
    expect(rules.content?.rules[0]?.pattern).toBe('pages');
  });

  it('has nothing to say for a repository without rule files', () => {
    const repo = scratchRepository();
    expect(new RepositoryRuleFiles(repo.root).rulesFor('src/a.ts')).toEqual({
      content: undefined,
      files: [],
      projectPath: 'src/a.ts',
      template: undefined,
    });
  });

  it('refuses a rule file that does not parse, naming its path and line', () => {
    const repo = scratchRepository();
    repo.write(
      'RULES.yaml',
      'rules:\n  - pattern: a\n    must_do:\n      - rule: x\n        check: {forbid: "(a"}\n',
    );
    const reading = () => new RepositoryRuleFiles(repo.root).rulesFor('src/a.ts');
    expect(reading).toThrow(CliError);
    expect(reading).toThrow(
      'The repository\'s rule file RULES.yaml is not valid:\n  RULES.yaml:5:25: "forbid": Not a valid regex: Invalid regular expression: /(a/m: Unterminated group',
    );
  });
});
