import { REVIEW_MAX_BYTES } from '@switchboard/api-client/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendWithKey } from '../testing/agents';
import { useOrganizationFixture, WRITER_ROLES } from '../testing/organization-fixture';
import { testProjectReference } from '../testing/project-reference';
import type { Json } from '../testing/projects';
import {
  ARCHITECT_YAML,
  CLEAN_ROUTE,
  createTestRuleSet,
  ROUTE_WITH_DRIVER,
  RULES_YAML,
  useRuleSet,
} from '../testing/rule-sets';

const fixture = useOrganizationFixture({ agentKey: true });
const { call } = fixture;

beforeAll(async () => {
  await createTestRuleSet(fixture.server, fixture.owner, 'shared');
});

describe('rule sets', () => {
  it.each(WRITER_ROLES)(
    '%s creates from AgiFlow YAML, reads, replaces with JSON and deletes',
    async (role) => {
      const { owner, [role]: person } = fixture;
      const name = `${role}-rules`;
      const created = await call(person, 'POST', '/api/v1/rule-sets', {
        name,
        architectYaml: ARCHITECT_YAML,
        rulesYaml: RULES_YAML,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ name, description: 'How the backend is built', version: 1 });
      expect(created.body.content.patterns).toEqual([
        {
          name: 'thin-routes',
          designPattern: 'Thin HTTP routes',
          includes: ['src/routes/**/*.ts'],
          description: 'Routes parse input and call the domain; they never query the database.',
        },
      ]);
      expect(created.body.content.rules.map((rule: Json) => rule.pattern)).toEqual(['routes', 'base']);
      expect(created.body.content.rules[0].mustNotDo[0].check).toEqual({
        forbidImport: ['pg', '../**/db/*'],
      });

      const read = await call(person, 'GET', `/api/v1/rule-sets/${name.toUpperCase()}`);
      expect(read.body).toEqual(created.body);
      const yaml = await call(person, 'GET', `/api/v1/rule-sets/${name}?format=yaml`);
      expect(yaml.status).toBe(200);
      expect(yaml.body.rulesYaml).toContain('must_not_do:');
      expect(yaml.body.rulesYaml).toContain('forbidImport:');
      expect(yaml.body.architectYaml).toContain('design_pattern: Thin HTTP routes');

      // What GET ?format=yaml answers reads back as the same rule set.
      const again = await call(person, 'PUT', `/api/v1/rule-sets/${name}`, {
        architectYaml: yaml.body.architectYaml,
        rulesYaml: yaml.body.rulesYaml,
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.content).toEqual(created.body.content);
      // Saving the same rule set again is no change: the version stays, and no event is recorded.
      expect(again.body.version).toBe(1);

      const replaced = await call(person, 'PUT', `/api/v1/rule-sets/${name}`, {
        version: 1,
        description: 'Only one rule now',
        patterns: [],
        rules: [
          {
            pattern: 'services',
            globs: ['src/services/**'],
            mustDo: [{ rule: 'Return values, never throw' }],
          },
        ],
      });
      expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
      expect(replaced.body).toMatchObject({ version: 2, description: 'Only one rule now' });
      expect(replaced.body.content.rules).toEqual([
        {
          pattern: 'services',
          globs: ['src/services/**'],
          description: '',
          inherits: [],
          mustDo: [{ rule: 'Return values, never throw' }],
          shouldDo: [],
          mustNotDo: [],
        },
      ]);

      const tried = await call(person, 'POST', `/api/v1/rule-sets/${name}/review`, {
        file_path: 'src/services/users.ts',
        content: 'export const users = [];\n',
      });
      expect(tried.body.rules_to_self_check).toEqual([
        expect.objectContaining({
          pattern: 'services',
          rule: 'Return values, never throw',
          severity: 'HIGH',
        }),
      ]);

      const listed = await call(person, 'GET', '/api/v1/rule-sets');
      expect(listed.body.items.find((item: Json) => item.name === name)).toMatchObject({
        patterns: 0,
        rules: 1,
      });

      const deleted = await call(person, 'DELETE', `/api/v1/rule-sets/${name}`);
      expect(deleted.body).toEqual({ deleted: { name, projects: [] } });
      expect((await call(person, 'GET', `/api/v1/rule-sets/${name}`)).status).toBe(404);
      const log = await call(owner, 'GET', `/api/v1/activity?entityId=${created.body.id}`);
      expect(log.body.items.map((item: Json) => item.action)).toEqual([
        'rule_set.deleted',
        'rule_set.updated',
        'rule_set.created',
      ]);
    },
  );

  it('keeps the YAML as written, comments and key order, and downloads it so', async () => {
    const { owner } = fixture;
    const architect = `# Our patterns, newest last\n${ARCHITECT_YAML}`;
    // Keys in the author's order (rules before version), a comment on its own line and after a value.
    const rules = RULES_YAML.replace('version: "1"\n', '')
      .replace('rules:\n', 'rules: # first match wins\n  # the specific rule comes first\n')
      .concat('version: "1"\n');
    const created = await call(owner, 'POST', '/api/v1/rule-sets', {
      name: 'as-written',
      architectYaml: architect,
      rulesYaml: rules,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ architectYaml: architect, rulesYaml: rules });
    const downloaded = await call(owner, 'GET', '/api/v1/rule-sets/as-written?format=yaml');
    expect(downloaded.body).toMatchObject({ architectYaml: architect, rulesYaml: rules });

    // A comment alone is a change people make: kept, with a new version and words that say so.
    const commented = `${rules}# reviewed in March\n`;
    const saved = await call(owner, 'PUT', '/api/v1/rule-sets/as-written', {
      version: 1,
      architectYaml: architect,
      rulesYaml: commented,
    });
    expect(saved.body).toMatchObject({ version: 2, content: created.body.content, rulesYaml: commented });
    const log = await call(owner, 'GET', `/api/v1/activity?entityId=${created.body.id}`);
    expect(log.body.items[0].summary).toBe('updated rule set as-written (comments and layout)');

    // Patterns and rules written as JSON leave no text as written: the files are written from them.
    const json = await call(owner, 'PUT', '/api/v1/rule-sets/as-written', {
      version: 2,
      patterns: [],
      rules: created.body.content.rules,
    });
    expect(json.body.version).toBe(3);
    const regenerated = await call(owner, 'GET', '/api/v1/rule-sets/as-written?format=yaml');
    expect(regenerated.body.architectYaml).toBe('features: []\n');
    expect(regenerated.body.rulesYaml).not.toContain('#');
    const changes = await call(owner, 'GET', `/api/v1/activity?entityId=${created.body.id}`);
    expect(changes.body.items[0].summary).toBe(
      "updated rule set as-written (patterns, RULES.yaml's version, template and description)",
    );
    await call(owner, 'DELETE', '/api/v1/rule-sets/as-written');
  });

  it('a member reads and tries rule sets but may not write them', async () => {
    const { member } = fixture;
    expect(
      (await call(member, 'GET', '/api/v1/rule-sets')).body.items.map((item: Json) => item.name),
    ).toContain('shared');
    expect((await call(member, 'GET', '/api/v1/rule-sets/shared')).status).toBe(200);
    const tried = await call(member, 'POST', '/api/v1/rule-sets/shared/review', {
      file_path: 'src/routes/users.ts',
      content: CLEAN_ROUTE,
    });
    expect(tried.status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/api/v1/rule-sets', { name: 'mine', rulesYaml: RULES_YAML }],
      ['PUT', '/api/v1/rule-sets/shared', { description: 'mine now' }],
      ['DELETE', '/api/v1/rule-sets/shared', undefined],
    ] as const) {
      const refused = await call(member, method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
    }
  });

  it('an agent key reads but never writes rule sets', async () => {
    const { server, agentKey } = fixture;
    expect((await sendWithKey(server, agentKey, 'GET', '/api/v1/rule-sets/shared')).status).toBe(200);
    const refused = await sendWithKey(server, agentKey, 'PUT', '/api/v1/rule-sets/shared', {
      description: 'x',
    });
    expect(refused.status).toBe(403);
  });

  it("an outsider sees none of another organization's rule sets", async () => {
    const { server, owner, outsider } = fixture;
    expect((await call(outsider, 'GET', '/api/v1/rule-sets')).body.items).toEqual([]);
    for (const [method, path, body] of [
      ['GET', '/api/v1/rule-sets/shared', undefined],
      ['PUT', '/api/v1/rule-sets/shared', { description: 'taken over' }],
      ['DELETE', '/api/v1/rule-sets/shared', undefined],
      ['POST', '/api/v1/rule-sets/shared/review', { file_path: 'a.ts', content: '' }],
    ] as const) {
      const hidden = await call(outsider, method, path, body);
      expect(hidden.status, `${method} ${path}`).toBe(404);
      expect(hidden.body.error.code).toBe('RULE_SET_NOT_FOUND');
    }
    // Its own rule set of the same name is its own.
    await createTestRuleSet(server, outsider, 'shared');
    expect((await call(owner, 'GET', '/api/v1/rule-sets')).body.items.map((item: Json) => item.name)).toEqual(
      ['shared'],
    );
  });

  it('answers a name taken, a missing name and mixed forms with clear errors', async () => {
    const { owner } = fixture;
    const taken = await call(owner, 'POST', '/api/v1/rule-sets', { name: 'Shared', rulesYaml: RULES_YAML });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('RULE_SET_NAME_TAKEN');
    const nameless = await call(owner, 'POST', '/api/v1/rule-sets', { patterns: [], rules: [] });
    expect(nameless.status).toBe(400);
    expect(nameless.body.error.message).toContain('name');
    const fromTemplate = await call(owner, 'POST', '/api/v1/rule-sets', {
      rulesYaml: RULES_YAML.replace('template: backend', 'template: from-template'),
    });
    expect(fromTemplate.status, JSON.stringify(fromTemplate.body)).toBe(201);
    expect(fromTemplate.body.name).toBe('from-template');
    const mixed = await call(owner, 'POST', '/api/v1/rule-sets', {
      name: 'mixed',
      rulesYaml: RULES_YAML,
      rules: [],
    });
    expect(mixed.status).toBe(400);
    const stale = await call(owner, 'PUT', '/api/v1/rule-sets/shared', { version: 99, description: 'late' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('VERSION_CONFLICT');
  });

  it('names the wrong line of bad YAML', async () => {
    const { owner } = fixture;
    const broken = RULES_YAML.replace('    globs: ["**/*.ts"]', '    globs: ["**/*.ts"\n    oops: [');
    const answer = await call(owner, 'POST', '/api/v1/rule-sets', { name: 'broken', rulesYaml: broken });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    expect(answer.body.error.message).toMatch(/rulesYaml line \d+/);
    const [detail] = answer.body.error.details;
    expect(detail).toMatchObject({
      path: ['rulesYaml'],
      line: expect.any(Number),
      message: expect.any(String),
    });

    const badRegex = RULES_YAML.replace('forbid: "db\\\\.select"', 'forbid: "db(\\\\.select"');
    const regex = await call(owner, 'POST', '/api/v1/rule-sets', { name: 'bad-regex', rulesYaml: badRegex });
    expect(regex.status).toBe(400);
    const line = RULES_YAML.split('\n').findIndex((text) => text.includes('db\\\\.select')) + 1;
    expect(regex.body.error.details).toEqual([expect.objectContaining({ path: ['rulesYaml'], line })]);

    const badPattern = await call(owner, 'POST', '/api/v1/rule-sets', {
      name: 'bad-pattern',
      architectYaml: 'features:\n  - name: x\n    design_pattern: [not, text]\n',
    });
    expect(badPattern.status).toBe(400);
    expect(badPattern.body.error.details[0]).toMatchObject({ path: ['architectYaml'], line: 3 });

    // The structured form is held to the same checks.
    const structured = await call(owner, 'POST', '/api/v1/rule-sets', {
      name: 'bad-json',
      patterns: [],
      rules: [{ pattern: 'x', mustNotDo: [{ rule: 'y', check: { forbid: '(' } }] }],
    });
    expect(structured.status).toBe(400);
    expect(structured.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('a project’s rule set', () => {
  testProjectReference(fixture, {
    noun: 'rule set',
    field: 'ruleSet',
    collection: '/api/v1/rule-sets',
    notFoundCode: 'RULE_SET_NOT_FOUND',
    create: createTestRuleSet,
  });

  it('follows a rename of the rule set, and is cleared when the renamed one is deleted', async () => {
    const { server, owner, project: swb } = fixture;
    await call(owner, 'POST', '/api/v1/rule-sets', { name: 'interim', rulesYaml: RULES_YAML });
    await useRuleSet(server, owner, swb.id, 'interim');
    const renamed = await call(owner, 'PUT', '/api/v1/rule-sets/interim', { name: 'renamed' });
    expect(renamed.body.name).toBe('renamed');
    expect((await call(owner, 'GET', `/api/v1/projects/${swb.id}`)).body.ruleSet).toBe('renamed');
    const deleted = await call(owner, 'DELETE', '/api/v1/rule-sets/renamed');
    expect(deleted.body.deleted.projects).toEqual(['SWB']);
    expect((await call(owner, 'GET', `/api/v1/projects/${swb.id}`)).body.ruleSet).toBeNull();
  });
});

describe('trying a rule set', () => {
  it('answers findings, rules left to judge and the matching design patterns', async () => {
    const { member } = fixture;
    const answer = await call(member, 'POST', '/api/v1/rule-sets/shared/review', {
      file_path: './src\\routes/users.ts',
      content: `${ROUTE_WITH_DRIVER}console.log('x');\n`,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.file_path).toBe('src/routes/users.ts');
    expect(answer.body.fix_required, JSON.stringify(answer.body)).toBe(true);
    const issues = answer.body.identified_issues.map((issue: Json) => [
      issue.severity,
      issue.pattern,
      issue.line,
    ]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['HIGH', 'routes', 1],
        ['LOW', 'base', 6],
      ]),
    );
    expect(answer.body.rules_to_self_check).toEqual([
      expect.objectContaining({
        rule: 'Name handlers after what they do',
        severity: 'MEDIUM',
        type: 'should_do',
      }),
    ]);
    expect(answer.body.matched_patterns).toEqual([
      expect.objectContaining({
        name: 'thin-routes',
        design_pattern: 'Thin HTTP routes',
        confidence: 'glob',
      }),
    ]);
  });

  it('refuses a path out of the repository and a review over the size limit with clear errors', async () => {
    const { member } = fixture;
    const climbing = await call(member, 'POST', '/api/v1/rule-sets/shared/review', {
      file_path: '../etc/passwd',
      content: 'x',
    });
    expect(climbing.status).toBe(400);
    expect(climbing.body.error.code).toBe('VALIDATION_FAILED');
    expect(climbing.body.error.message).toContain('leads outside the repository');
    const huge = await call(member, 'POST', '/api/v1/rule-sets/shared/review', {
      file_path: 'src/routes/users.ts',
      content: 'x'.repeat(REVIEW_MAX_BYTES + 1),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('over the 1 MB a review reads'),
    });
    // Within the limit, however JSON writes it: each newline costs two bytes of the body.
    const escaped = await call(member, 'POST', '/api/v1/rule-sets/shared/review', {
      file_path: 'src/routes/users.ts',
      content: '\n'.repeat(REVIEW_MAX_BYTES),
    });
    expect(escaped.status, JSON.stringify(escaped.body)).toBe(200);
  });

  it('refuses a diff that is not one, or that names no hunk of the file; an empty one checks the whole file', async () => {
    const { member } = fixture;
    const tryIt = (diff: string) =>
      call(member, 'POST', '/api/v1/rule-sets/shared/review', {
        file_path: 'src/routes/users.ts',
        content: ROUTE_WITH_DRIVER,
        diff,
      });
    for (const [diff, words] of [
      ['please trust me', 'it is not a unified diff'],
      [
        '--- a/src/other.ts\n+++ b/src/other.ts\n@@ -0,0 +1 @@\n+x\n',
        'it has no hunk of src/routes/users.ts',
      ],
      ['@@ -0,0 +1 @@\n+something else\n', 'does not describe this content'],
    ]) {
      const refused = await tryIt(diff as string);
      expect(refused.status, diff).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining(words as string),
        details: [{ path: ['diff'], message: expect.stringContaining(words as string) }],
      });
    }
    const empty = await tryIt('');
    expect(empty.status).toBe(200);
    expect(empty.body.identified_issues).toEqual([
      expect.objectContaining({ severity: 'HIGH', line: 1, check: 'forbidImport pg, ../**/db/*' }),
    ]);
  });

  it('stops a catastrophic regex in time and keeps answering other requests meanwhile', async () => {
    const { server, owner, member } = fixture;
    await call(owner, 'POST', '/api/v1/rule-sets', {
      name: 'catastrophic',
      patterns: [],
      rules: [
        {
          pattern: 'all',
          globs: ['**'],
          mustNotDo: [{ rule: 'No runs of a', check: { forbid: '^(a+)+$' } }],
        },
      ],
    });
    const order: string[] = [];
    const started = Date.now();
    const review = call(member, 'POST', '/api/v1/rule-sets/catastrophic/review', {
      file_path: 'a.txt',
      content: `${'a'.repeat(40)}!`,
    }).then((answer) => {
      order.push('review');
      return answer;
    });
    // Give the review a moment to reach its regex, then ask for something else.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await server.fetch('/api/v1/health');
    order.push('health');
    expect(health.status).toBe(200);
    const answer = await review;
    expect(answer.status).toBe(200);
    expect(order).toEqual(['health', 'review']);
    // Not checked, with the reason: never a finding, so nothing to fix and nothing to block.
    expect(answer.body).toMatchObject({ fix_required: false, identified_issues: [] });
    expect(answer.body.not_checked).toEqual([
      expect.objectContaining({
        rule: 'No runs of a',
        severity: 'HIGH',
        check: 'forbid /^(a+)+$/',
        reason: expect.stringContaining('did not finish within'),
      }),
    ]);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
