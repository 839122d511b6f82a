import { OUTLINE_LIMITS, RULE_SET_LIMITS, YAML_LIMITS } from '@switchboard/api-client/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useOrganizationFixture } from '../testing/organization-fixture';
import type { Json } from '../testing/projects';
import { createTestTemplate } from '../testing/templates';

// Inputs an attacker would send to hold the server's thread: each is refused at save with a clear
// 4xx naming the limit, or answered at once. Time limits here are generous on purpose: they stand
// for "not the tens of seconds these inputs took", not for a benchmark.
const fixture = useOrganizationFixture();
const { call } = fixture;
const GENEROUS_MS = 10_000;

const braceGlob = (index: number) => `**/{a,b}{c,d}{e,f}{g,h}/**/z${index}`;
const manyKeys = (indent: string) =>
  Array.from({ length: 36_000 }, (_, index) => `${indent}k${index}: v`).join('\n');

async function timed<T>(run: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await run();
  return { answer, ms: performance.now() - started };
}

describe('rule sets past the limits', () => {
  it('refuses 20 rules × 200 brace globs in either form, naming the limit per rule', async () => {
    const { owner } = fixture;
    const rules = Array.from({ length: 20 }, (_, rule) => ({
      pattern: `r${rule}`,
      globs: Array.from({ length: 200 }, (_, glob) => braceGlob(glob)),
    }));
    const json = await call(owner, 'POST', '/api/v1/rule-sets', { name: 'braces-json', patterns: [], rules });
    expect(json.status).toBe(400);
    expect(json.body.error.code).toBe('VALIDATION_FAILED');
    expect(json.body.error.message).toContain(`must hold at most ${RULE_SET_LIMITS.globsPerRule} globs`);

    const rulesYaml = `rules:\n${rules
      .map(
        (rule) =>
          `  - pattern: ${rule.pattern}\n    globs: [${rule.globs.map((glob) => `'${glob}'`).join(', ')}]`,
      )
      .join('\n')}\n`;
    const yaml = await call(owner, 'POST', '/api/v1/rule-sets', { name: 'braces-yaml', rulesYaml });
    expect(yaml.status).toBe(400);
    expect(yaml.body.error.details[0]).toEqual({
      path: ['rulesYaml'],
      line: 3,
      column: 12,
      message: `"globs": holds more than ${RULE_SET_LIMITS.globsPerRule} globs, the limit per rule or design pattern.`,
    });
  });

  it('refuses globs that together pass the rule set limit, on the line of the glob that passes it', async () => {
    const perRule = Math.floor(RULE_SET_LIMITS.globsPerRule / 2);
    const ruleCount = Math.ceil(RULE_SET_LIMITS.globsPerSet / (16 * perRule)) + 1;
    const rulesYaml = `rules:\n${Array.from(
      { length: ruleCount },
      (_, rule) =>
        `  - pattern: r${rule}\n    globs:\n${Array.from({ length: perRule }, (_, glob) => `      - '${braceGlob(glob)}'`).join('\n')}`,
    ).join('\n')}\n`;
    const answer = await call(fixture.owner, 'POST', '/api/v1/rule-sets', { name: 'many-globs', rulesYaml });
    expect(answer.status).toBe(400);
    const [detail] = answer.body.error.details;
    expect(detail.message).toContain(
      `the limit is ${RULE_SET_LIMITS.globsPerSet.toLocaleString('en')} per rule set`,
    );
    // The count passes the limit at glob number limit / 16 + 1 in reading order.
    const passing = Math.floor(RULE_SET_LIMITS.globsPerSet / 16);
    const rule = Math.floor(passing / perRule);
    expect(detail.line).toBe(2 + rule * (perRule + 2) + 2 + (passing % perRule));
  });

  it('answers a review of a 1,000-character path against a set at the glob limit at once', async () => {
    const { owner, member, server } = fixture;
    const rules = Array.from({ length: Math.floor(RULE_SET_LIMITS.globsPerSet / 16) }, (_, rule) => ({
      pattern: `r${rule}`,
      globs: [`**/a/**/a/**/{a,b}{c,d}{e,f}{g,h}/**/a/**/z${rule}`],
      mustDo: [{ rule: 'Anything' }],
    }));
    const created = await call(owner, 'POST', '/api/v1/rule-sets', {
      name: 'at-the-limit',
      patterns: [],
      rules,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const review = timed(() =>
      call(member, 'POST', '/api/v1/rule-sets/at-the-limit/review', {
        file_path: `${'a/'.repeat(499)}x`,
        content: 'x',
      }),
    );
    const health = await server.fetch('/api/v1/health');
    expect(health.status).toBe(200);
    const { answer, ms } = await review;
    // Either no rule applies, or the matcher stopped at its step limit and says so; never a stall.
    if (answer.status === 422) {
      expect(answer.body.error.code).toBe('UNPROCESSABLE');
      expect(answer.body.error.message).toContain(RULE_SET_LIMITS.matchSteps.toLocaleString('en'));
    } else {
      expect(answer.status).toBe(200);
      expect(answer.body.rules_to_self_check).toEqual([]);
    }
    expect(ms).toBeLessThan(GENEROUS_MS);

    const ordinary = await call(member, 'POST', '/api/v1/rule-sets/at-the-limit/review', {
      file_path: 'src/a/b/a/aceg/a/z7',
      content: 'x',
    });
    expect(ordinary.status).toBe(200);
    expect(ordinary.body.rules_to_self_check).toEqual([expect.objectContaining({ pattern: 'r7' })]);
  });

  it('refuses an unknown inherits and an unknown check kind, each on its line', async () => {
    const { owner } = fixture;
    const inherits = await call(owner, 'POST', '/api/v1/rule-sets', {
      name: 'bad-inherits',
      rulesYaml: 'rules:\n  - pattern: routes\n    globs: [src/**]\n    inherits: [no-such-pattern]\n',
    });
    expect(inherits.status).toBe(400);
    expect(inherits.body.error.details).toEqual([
      {
        path: ['rulesYaml'],
        line: 4,
        column: 16,
        message: '"inherits": "no-such-pattern" is not the pattern of any rule of this rule set.',
      },
    ]);
    expect(inherits.body.error.message).toContain('rulesYaml line 4');

    const kind = await call(owner, 'POST', '/api/v1/rule-sets', {
      name: 'bad-kind',
      rulesYaml:
        'rules:\n  - pattern: a\n    must_not_do:\n      - rule: no logs\n        check:\n          forbid: debugger\n          forbidRegex: console\n',
    });
    expect(kind.status).toBe(400);
    expect(kind.body.error.details).toEqual([
      {
        path: ['rulesYaml'],
        line: 7,
        column: 24,
        message: '"forbidRegex": is not a kind of check; a check is forbid, require or forbidImport.',
      },
    ]);

    // The structured form goes through the same checks.
    const structured = await call(owner, 'POST', '/api/v1/rule-sets', {
      name: 'bad-inherits-json',
      patterns: [],
      rules: [{ pattern: 'routes', globs: ['src/**'], inherits: ['no-such-pattern'] }],
    });
    expect(structured.status).toBe(400);
    expect(structured.body.error.message).toContain('"no-such-pattern" is not the pattern of any rule');
  });

  it('refuses a RULES.yaml of 36,000 keys quickly, naming the YAML limit', async () => {
    const rulesYaml = `rules:\n  - pattern: a\n${manyKeys('    ')}\n`;
    const { answer, ms } = await timed(() =>
      call(fixture.owner, 'POST', '/api/v1/rule-sets', { name: 'many-keys', rulesYaml }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain(
      `RULES.yaml has more than ${YAML_LIMITS.entries.toLocaleString('en')} keys and list items`,
    );
    expect(ms).toBeLessThan(GENEROUS_MS);
  });
});

describe('templates past the limits', () => {
  it('refuses a 36,000-key scaffold.yaml quickly, naming the YAML limit, and keeps answering', async () => {
    const { owner, server } = fixture;
    const scaffoldYaml = `features:\n  - name: a\n    variables_schema:\n${manyKeys('      ')}\n`;
    const save = timed(() =>
      call(owner, 'POST', '/api/v1/templates', { name: 'many-keys', scaffoldYaml, files: {} }),
    );
    expect((await server.fetch('/api/v1/health')).status).toBe(200);
    const { answer, ms } = await save;
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('TEMPLATE_INVALID');
    expect(answer.body.error.message).toContain(
      `scaffold.yaml has more than ${YAML_LIMITS.entries.toLocaleString('en')} keys and list items; the limit is`,
    );
    expect(ms).toBeLessThan(GENEROUS_MS);
  });

  it('refuses targets that leave the project or collide, each with its line', async () => {
    const scaffoldYaml = [
      'features:',
      '  - name: a',
      '    includes:',
      '      - a.ts->../../x.ts',
      '      - a.ts->/tmp/x.ts',
      '      - a.ts->src\\x.ts',
      '      - a.ts->src/same.ts',
      '      - a.ts->src/same.ts',
    ].join('\n');
    const answer = await call(fixture.owner, 'POST', '/api/v1/templates', {
      name: 'unsafe-targets',
      scaffoldYaml,
      files: { 'a.ts': 'x' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('TEMPLATE_INVALID');
    expect(
      answer.body.error.details.problems.map((problem: Json) => [problem.line, problem.message]),
    ).toEqual([
      [
        4,
        'features[0].includes[0]: the target "../../x.ts" leaves its folder with ".."; targets stay inside the project',
      ],
      [5, 'features[0].includes[1]: the target "/tmp/x.ts" is absolute; targets stay inside the project'],
      [
        6,
        'features[0].includes[2]: the target "src\\\\x.ts" contains a backslash; targets stay inside the project',
      ],
      [
        8,
        'features[0].includes[4] writes "src/same.ts" as includes[3] does, under the same conditions; one would overwrite the other',
      ],
    ]);
  });

  it('refuses a preview whose rendered target holds a newline', async () => {
    await createTestTemplate(fixture.server, fixture.owner, 'newline-target');
    const answer = await call(fixture.member, 'POST', '/api/v1/templates/newline-target/preview', {
      method: 'service',
      variables: { serviceName: 'x', folder: 'src/a\nb' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('TEMPLATE_RENDER_FAILED');
    expect(answer.body.error.message).toContain('"src/a\\nb/XService.ts" contains a control character');
  });

  it('lists and previews from the form parsed at save, never parsing scaffold.yaml again', async () => {
    const { owner, member, server } = fixture;
    await createTestTemplate(server, owner, 'stored-form');
    // Text no parser accepts: were it read again, listing and previewing would fail.
    await server.server.database.db.execute(
      sql`update template set scaffold_yaml = 'features: [unclosed' where name = 'stored-form'`,
    );
    const listed = await call(member, 'GET', '/api/v1/templates');
    expect(listed.status).toBe(200);
    const entry = listed.body.items.find((item: Json) => item.name === 'stored-form');
    expect(entry.boilerplates.map((method: Json) => method.name)).toEqual(['node-lib']);
    expect(entry.features.map((method: Json) => method.name)).toEqual(['service']);
    const preview = await call(member, 'POST', '/api/v1/templates/stored-form/preview', {
      method: 'service',
      variables: { serviceName: 'billing' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.files.map((file: Json) => file.path)).toEqual(['src/services/BillingService.ts']);
  });
});

describe('plan outlines past the limits', () => {
  it('refuses list items nested past the depth limit with the line, and 3,000 levels at the body limit', async () => {
    const { member, project, server } = fixture;
    const nested = (levels: number) =>
      ['# Unit', ...Array.from({ length: levels }, (_, level) => `${' '.repeat(level)}- item ${level}`)].join(
        '\n',
      );
    const deep = await call(member, 'POST', `/api/v1/projects/${project.id}/plans`, { outline: nested(900) });
    expect(deep.status).toBe(400);
    expect(deep.body.error.details).toEqual([
      expect.objectContaining({
        line: OUTLINE_LIMITS.depth + 2,
        message: `line ${OUTLINE_LIMITS.depth + 2}: list items nest more than ${OUTLINE_LIMITS.depth} deep here; the limit is ${OUTLINE_LIMITS.depth} levels`,
      }),
    ]);

    // 3,000 levels need millions of characters of indentation: refused before anything is read.
    const { answer, ms } = await timed(() =>
      call(member, 'POST', `/api/v1/projects/${project.id}/plans`, { outline: nested(3_000) }),
    );
    expect(answer.status).toBe(413);
    expect(ms).toBeLessThan(GENEROUS_MS);
    expect((await server.fetch('/api/v1/health')).status).toBe(200);
  });

  it('refuses an outline over the character limit, naming it', async () => {
    const { member, project } = fixture;
    const answer = await call(member, 'POST', `/api/v1/projects/${project.id}/plans`, {
      outline: `- a\n${' '.repeat(OUTLINE_LIMITS.characters)}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain(
      `must be at most ${OUTLINE_LIMITS.characters.toLocaleString('en')} characters`,
    );
  });
});
