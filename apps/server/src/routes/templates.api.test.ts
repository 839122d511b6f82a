import { beforeAll, describe, expect, it } from 'vitest';
import { useOrganizationFixture, WRITER_ROLES } from '../testing/organization-fixture';
import { testProjectReference } from '../testing/project-reference';
import type { Json } from '../testing/projects';
import { createTestTemplate, SERVICE_FILES, SERVICE_SCAFFOLD_YAML } from '../testing/templates';

const fixture = useOrganizationFixture();
const { call } = fixture;

beforeAll(async () => {
  await createTestTemplate(fixture.server, fixture.owner, 'shared');
  await createTestTemplate(fixture.server, fixture.outsider, 'theirs');
});

describe('templates', () => {
  it.each(WRITER_ROLES)('%s creates, reads, replaces and deletes a template', async (role) => {
    const { owner, member, [role]: person } = fixture;
    const name = `${role}-template`;
    const created = await call(person, 'POST', '/api/v1/templates', {
      name,
      scaffoldYaml: SERVICE_SCAFFOLD_YAML,
      files: SERVICE_FILES,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name,
      scaffoldYaml: SERVICE_SCAFFOLD_YAML,
      files: SERVICE_FILES,
      version: 1,
    });

    const read = await call(member, 'GET', `/api/v1/templates/${name}`);
    expect(read.body).toEqual(created.body);
    const listed = await call(member, 'GET', '/api/v1/templates');
    const summary = listed.body.items.find((item: Json) => item.name === name);
    expect(summary).toMatchObject({ fileCount: 3, projects: [] });
    expect(summary.boilerplates.map((method: Json) => method.name)).toEqual(['node-lib']);
    expect(summary.features[0]).toEqual({
      name: 'service',
      kind: 'feature',
      description: 'A service class',
      targetFolder: null,
      variablesSchema: {
        type: 'object',
        properties: { serviceName: { type: 'string' }, folder: { type: 'string', default: 'src/services' } },
        required: ['serviceName'],
      },
      patterns: ['src/services/**/*.ts'],
    });

    // The same folder again, its files listed in another order, is no change: same version, no event.
    const unchanged = await call(person, 'PUT', `/api/v1/templates/${name}`, {
      scaffoldYaml: SERVICE_SCAFFOLD_YAML,
      files: Object.fromEntries(Object.entries(SERVICE_FILES).reverse()),
    });
    expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200);
    expect(unchanged.body).toMatchObject({ version: 1, files: SERVICE_FILES });

    const files = { ...SERVICE_FILES, 'Example.ts.liquid': '// {{ serviceName }}\n' };
    const replaced = await call(person, 'PUT', `/api/v1/templates/${name}`, {
      scaffoldYaml: SERVICE_SCAFFOLD_YAML,
      files,
      version: 1,
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ version: 2, files });
    const stale = await call(person, 'PUT', `/api/v1/templates/${name}`, {
      scaffoldYaml: SERVICE_SCAFFOLD_YAML,
      files,
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 2 } });

    const deleted = await call(person, 'DELETE', `/api/v1/templates/${name}`);
    expect(deleted.body).toEqual({ deleted: { name, projects: [] } });
    expect((await call(person, 'GET', `/api/v1/templates/${name}`)).status).toBe(404);
    const log = await call(owner, 'GET', `/api/v1/activity?entityId=${created.body.id}`);
    expect(log.body.items.map((item: Json) => [item.action, item.data])).toEqual([
      ['template.deleted', { name, projects: [] }],
      ['template.updated', { version: 2, name, fields: ['files'] }],
      ['template.created', { version: 1, name }],
    ]);
  });

  it('refuses a second template of the same name', async () => {
    const { owner } = fixture;
    const again = await call(owner, 'POST', '/api/v1/templates', {
      name: 'shared',
      scaffoldYaml: '',
      files: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('TEMPLATE_NAME_TAKEN');
  });

  it('lets a member read and preview but not write', async () => {
    const { member } = fixture;
    expect((await call(member, 'GET', '/api/v1/templates/shared')).status).toBe(200);
    const writes = [
      await call(member, 'POST', '/api/v1/templates', { name: 'mine', scaffoldYaml: '', files: {} }),
      await call(member, 'PUT', '/api/v1/templates/shared', { scaffoldYaml: '', files: {} }),
      await call(member, 'DELETE', '/api/v1/templates/shared'),
    ];
    expect(writes.map((answer) => [answer.status, answer.body.error.code])).toEqual([
      [403, 'FORBIDDEN'],
      [403, 'FORBIDDEN'],
      [403, 'FORBIDDEN'],
    ]);
    const preview = await call(member, 'POST', '/api/v1/templates/shared/preview', {
      method: 'node-lib',
      variables: { packageName: 'Billing Core' },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({
      files: [
        { path: 'packages/billing-core/package.json', content: '{ "name": "@acme/billing-core" }\n' },
        { path: 'packages/billing-core/vitest.config.ts', content: 'export default {};\n' },
      ],
      instruction: 'Run pnpm install in packages/billing-core.',
      warnings: [],
    });
  });

  it("answers 404 for another organization's template, whatever the caller does", async () => {
    const { owner, outsider } = fixture;
    const answers = [
      await call(owner, 'GET', '/api/v1/templates/theirs'),
      await call(owner, 'PUT', '/api/v1/templates/theirs', { scaffoldYaml: '', files: {} }),
      await call(owner, 'DELETE', '/api/v1/templates/theirs'),
      await call(owner, 'POST', '/api/v1/templates/theirs/preview', { method: 'service', variables: {} }),
      await call(outsider, 'GET', '/api/v1/templates/shared'),
      await call(outsider, 'DELETE', '/api/v1/templates/shared'),
    ];
    expect(answers.map((answer) => [answer.status, answer.body.error.code])).toEqual(
      Array(6).fill([404, 'TEMPLATE_NOT_FOUND']),
    );
    const listed = await call(outsider, 'GET', '/api/v1/templates');
    expect(listed.body.items.map((item: Json) => item.name)).toEqual(['theirs']);
  });

  it('refuses bad YAML, a wrong shape and a missing include with the line or file named', async () => {
    const { owner } = fixture;
    const syntax = await call(owner, 'POST', '/api/v1/templates', {
      name: 'broken',
      scaffoldYaml: 'features:\n  - name: a\n    includes: [a\n',
      files: {},
    });
    expect(syntax.status).toBe(400);
    expect(syntax.body.error.code).toBe('TEMPLATE_INVALID');
    expect(syntax.body.error.message).toMatch(/^scaffold\.yaml: line \d+:/);

    const shape = await call(owner, 'POST', '/api/v1/templates', {
      name: 'broken',
      scaffoldYaml: 'features:\n  - name: ok\n    includes: yes\n',
      files: {},
    });
    expect(shape.status).toBe(400);
    expect(shape.body.error.message).toBe('scaffold.yaml: line 3: features[0].includes must be a list');
    expect(shape.body.error.details.problems).toEqual([
      { field: 'features[0].includes', line: 3, message: 'features[0].includes must be a list' },
    ]);

    const missing = await call(owner, 'POST', '/api/v1/templates', {
      name: 'broken',
      scaffoldYaml: 'features:\n  - name: a\n    includes: [b.ts]\n',
      files: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('a includes "b.ts", which is not among the files');

    const unsafe = await call(owner, 'POST', '/api/v1/templates', {
      name: 'broken',
      scaffoldYaml: '',
      files: { '../escape.ts': 'x' },
    });
    expect(unsafe.status).toBe(400);
    expect(unsafe.body.error.message).toContain('leaves its folder');

    const badName = await call(owner, 'POST', '/api/v1/templates', {
      name: '../x',
      scaffoldYaml: '',
      files: {},
    });
    expect(badName.status).toBe(400);
    expect(badName.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a 3 MB template with clear words, and a 5 MB upload with 413', async () => {
    const { owner } = fixture;
    const large = await call(owner, 'POST', '/api/v1/templates', {
      name: 'large',
      scaffoldYaml: '',
      files: {
        'a.txt': 'x'.repeat(1024 * 1024),
        'b.txt': 'x'.repeat(1024 * 1024),
        'c.txt': 'x'.repeat(1024 * 1024),
      },
    });
    expect(large.status).toBe(400);
    expect(large.body.error.code).toBe('TEMPLATE_INVALID');
    expect(large.body.error.message).toContain('The template is larger than 2 MB (passed at "c.txt")');

    const many = await call(owner, 'POST', '/api/v1/templates', {
      name: 'many',
      scaffoldYaml: '',
      files: Object.fromEntries(Array.from({ length: 2000 }, (_, index) => [`f${index}.txt`, ''])),
    });
    expect(many.status).toBe(400);
    expect(many.body.error.message).toBe('The template has 2000 files; the limit is 1000.');

    const huge = await call(owner, 'POST', '/api/v1/templates', {
      name: 'huge',
      scaffoldYaml: '',
      files: { 'a.txt': 'x'.repeat(5 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(huge.body.error.message).toContain('a template may hold at most 2 MB');
    expect((await call(owner, 'GET', '/api/v1/health')).status).toBe(200);
  });

  it('answers preview refusals: unknown method, bad variables naming the field, unsafe target', async () => {
    const { member } = fixture;
    const unknown = await call(member, 'POST', '/api/v1/templates/shared/preview', {
      method: 'nope',
      variables: {},
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('SCAFFOLD_METHOD_NOT_FOUND');
    expect(unknown.body.error.message).toContain('(it has: node-lib, service)');

    const bad = await call(member, 'POST', '/api/v1/templates/shared/preview', {
      method: 'service',
      variables: { serviceName: 5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(bad.body.error.details).toEqual([
      { path: ['variables', 'serviceName'], message: '"serviceName" must be string.' },
    ]);

    const climbing = await call(member, 'POST', '/api/v1/templates/shared/preview', {
      method: 'service',
      variables: { serviceName: 'x', folder: '../../etc' },
    });
    expect(climbing.status).toBe(422);
    expect(climbing.body.error.code).toBe('TEMPLATE_RENDER_FAILED');
    expect(climbing.body.error.message).toContain('leaves its folder');
  });
});

describe('rendering that never ends', () => {
  it('is stopped with a clear error while the server keeps answering', async () => {
    const { server, owner, member } = fixture;
    await call(owner, 'POST', '/api/v1/templates', {
      name: 'endless',
      scaffoldYaml: 'features:\n  - name: spin\n    includes: [spin.txt]\n',
      files: {
        'spin.txt.liquid': '{% for i in (1..40000) %}{% for j in (1..40000) %}{% endfor %}{% endfor %}',
      },
    });
    const order: string[] = [];
    const started = Date.now();
    const preview = call(member, 'POST', '/api/v1/templates/endless/preview', { method: 'spin' }).then(
      (answer) => {
        order.push('preview');
        return answer;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await server.fetch('/api/v1/health')).status).toBe(200);
    order.push('health');
    const answer = await preview;
    expect(order).toEqual(['health', 'preview']);
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({
      code: 'TEMPLATE_RENDER_FAILED',
      details: { code: 'RENDER_TIMED_OUT' },
    });
    expect(answer.body.error.message).toContain('"spin.txt.liquid" took longer than');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe("a project's template", () => {
  testProjectReference(fixture, {
    noun: 'template',
    field: 'template',
    collection: '/api/v1/templates',
    notFoundCode: 'TEMPLATE_NOT_FOUND',
    create: createTestTemplate,
  });
});
