import { afterAll, describe, expect, it } from 'vitest';
import { TemplateError } from './errors.js';
import { serviceTemplateEntries } from './fixtures/service-template.js';
import { parseInclude } from './include.js';
import { type RenderMethodInput, renderMethod } from './render.js';
import { createRenderSandbox, type RenderSandbox } from './sandbox.js';
import { findMethod, parseScaffoldYaml } from './scaffold-yaml.js';
import { checkTemplateSize } from './size.js';
import { readTemplateFolder, toTemplateFolder } from './template-folder.js';
import type { ScaffoldMethod } from './types.js';
import { validateVariables } from './variables.js';

const [template] = readTemplateFolder(serviceTemplateEntries);
if (!template) throw new Error('the fixture has a template');
const config = parseScaffoldYaml(template.scaffoldYaml);
const sandbox = createRenderSandbox({ timeoutMs: 5000 });
afterAll(() => sandbox.close());

const render = (input: Omit<RenderMethodInput, 'sandbox'>) => renderMethod({ sandbox, ...input });

async function refusal(run: () => Promise<unknown>): Promise<TemplateError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error('expected a TemplateError');
}

function method(
  includes: string[],
  schema: ScaffoldMethod['variablesSchema'] = { type: 'object' },
): ScaffoldMethod {
  return { name: 'test', kind: 'feature', variablesSchema: schema, includes: includes.map(parseInclude) };
}

describe('the template folder', () => {
  it('reads templates/<name>/ with scaffold.yaml and skips folders without one', () => {
    expect(readTemplateFolder(serviceTemplateEntries).map((found) => found.name)).toEqual(['node-service']);
    expect(Object.keys(template.files).sort()).toEqual([
      'README.md',
      'package.json.liquid',
      'partials/header.liquid',
      'src/models/model.ts.liquid',
      'src/models/table.sql.liquid',
      'src/services/Example.ts.liquid',
      'tests/Example.test.ts.liquid',
      'vitest.config.ts',
    ]);
    expect(readTemplateFolder(toTemplateFolder(template))).toEqual([template]);
  });
});

/** A render whose variables schema has a pattern that backtracks without end on its value. */
const backtrackingRender = (on: RenderSandbox, signal?: AbortSignal) =>
  renderMethod({
    sandbox: on,
    files: { 'a.ts': 'x' },
    method: method(['a.ts'], {
      type: 'object',
      properties: { name: { type: 'string', pattern: '^(a+)+$' } },
    }),
    variables: { name: `${'a'.repeat(40)}!` },
    ...(signal && { signal }),
  });

describe('renderMethod', () => {
  it('renders a boilerplate: Liquid targets, .liquid sources rendered, plain files copied, defaults applied', async () => {
    const result = await render({
      files: template.files,
      method: findMethod(config, 'scaffold-node-lib'),
      variables: { packageName: 'MyLib' },
    });
    expect(result).toEqual({
      files: [
        {
          path: 'packages/my-lib/package.json',
          content: '{\n  "name": "@acme/my-lib",\n  "private": true\n}\n',
        },
        { path: 'packages/my-lib/README.md', content: '# {{ packageName }}\n\nCopied as written.\n' },
        { path: 'packages/my-lib/vitest.config.ts', content: 'export default {};\n' },
      ],
      instruction: 'Run pnpm install in packages/my-lib.',
      warnings: [],
    });
  });

  it('leaves out an include whose condition does not hold, and honours a target folder override', async () => {
    const result = await render({
      files: template.files,
      method: findMethod(config, 'scaffold-node-lib'),
      variables: { packageName: 'my_lib', withTests: false },
      targetFolder: 'libs/',
    });
    expect(result.files.map((file) => file.path)).toEqual([
      'libs/my-lib/package.json',
      'libs/my-lib/README.md',
    ]);
  });

  it('renders a feature with a partial include and a ?withTests=true file', async () => {
    const result = await render({
      files: template.files,
      method: findMethod(config, 'scaffold-service'),
      variables: { serviceName: 'user profile', withTests: true },
    });
    expect(result.files).toEqual([
      {
        path: 'src/services/UserProfileService.ts',
        content: "// User Profile\nexport class UserProfileService {\n  readonly id = 'userProfile';\n}\n",
      },
      {
        path: 'tests/user-profile.test.ts',
        content: "import { UserProfileService } from '../src/services/UserProfileService';\n",
      },
    ]);
  });

  it('renders the second feature with pluralize, snakeCase and upperCase, and a text condition', async () => {
    const result = await render({
      files: template.files,
      method: findMethod(config, 'scaffold-model'),
      variables: { modelName: 'BlogPost' },
    });
    expect(result.files).toEqual([
      { path: 'src/models/blog_post.ts', content: 'export const BLOG_POST_TABLE = "blog_posts";\n' },
      { path: 'db/blog_posts.sql', content: 'create table blog_posts ();\n' },
    ]);
    const without = await render({
      files: template.files,
      method: findMethod(config, 'scaffold-model'),
      variables: { modelName: 'BlogPost', table: 'none' },
    });
    expect(without.files.map((file) => file.path)).toEqual(['src/models/blog_post.ts']);
  });

  it('refuses variables against the schema, naming the fields', async () => {
    const error = await refusal(() =>
      render({
        files: template.files,
        method: findMethod(config, 'scaffold-model'),
        variables: { table: 'nosql' },
      }),
    );
    expect(error.code).toBe('INVALID_VARIABLES');
    expect(error.problems.map((problem) => problem.field).sort()).toEqual(['modelName', 'table']);
    expect(error.message).toContain('"modelName" is required.');
    expect(error.message).toContain('"table" must be one of "sql", "none".');
  });

  it.each([
    ['../outside.ts', 'leaves its folder'],
    ['src/../../etc/passwd', 'leaves its folder'],
    ['/etc/passwd', 'is absolute'],
    ['C:/Windows/x.ts', 'drive letter'],
    ['src\\x.ts', 'backslash'],
    ['{{ name }}/x.ts', 'leaves its folder'],
  ])('refuses the target %j', async (target, reason) => {
    const error = await refusal(() =>
      render({ files: { 'a.ts': 'x' }, method: method([`a.ts->${target}`]), variables: { name: '..' } }),
    );
    expect(error.code).toBe('UNSAFE_PATH');
    expect(error.message).toContain(reason);
  });

  it.each([
    ['a\nb', 'control character'],
    ['a\rb', 'control character'],
    ['a\tb', 'control character'],
    ['a\u0000b', 'control character'],
  ])('refuses a rendered target holding %j', async (name, reason) => {
    const error = await refusal(() =>
      render({ files: { 'a.ts': 'x' }, method: method(['a.ts->src/{{ name }}.ts']), variables: { name } }),
    );
    expect(error.code).toBe('UNSAFE_PATH');
    expect(error.message).toContain(reason);
    // Quoted with escapes, so the message stays on one line.
    expect([...error.message].filter((char) => char < ' ')).toEqual([]);
  });

  it('refuses a target folder leaving the project', async () => {
    const error = await refusal(() =>
      render({ files: { 'a.ts': 'x' }, method: method(['a.ts']), variables: {}, targetFolder: '../x' }),
    );
    expect(error.code).toBe('UNSAFE_PATH');
  });

  it('names a missing include source', async () => {
    const error = await refusal(() =>
      render({ files: { 'a.ts': 'x' }, method: method(['b.ts']), variables: {} }),
    );
    expect(error.code).toBe('INCLUDE_NOT_FOUND');
    expect(error.message).toContain('"test" includes "b.ts", but the template has no file b.ts');
  });

  it.each([
    ["{% include '/etc/passwd' %}", '/etc/passwd'],
    ["{% include '../../package.json' %}", '../../package.json'],
    ["{% render '../../../../etc/hosts' %}", '../../../../etc/hosts'],
  ])('keeps Liquid inside the template: %s finds nothing', async (source, looked) => {
    const error = await refusal(() =>
      render({ files: { 'a.ts.liquid': source }, method: method(['a.ts']), variables: {} }),
    );
    expect(error.code).toBe('RENDER_FAILED');
    expect(error.message).toContain(
      `"a.ts.liquid" could not be rendered: ENOENT: Failed to lookup "${looked}"`,
    );
  });

  it('stops an endless loop and a template including itself within a few seconds', async () => {
    const started = Date.now();
    const loop = await refusal(() =>
      render({
        files: { 'a.ts.liquid': '{% for i in (1..1000000000) %}{{ i }}{% endfor %}' },
        method: method(['a.ts']),
        variables: {},
      }),
    );
    expect(['RENDER_TIMED_OUT', 'OUTPUT_TOO_LARGE']).toContain(loop.code);
    expect(loop.message).toContain('"a.ts.liquid"');
    const recursive = await refusal(() =>
      render({ files: { 'a.ts.liquid': "x{% include 'a.ts' %}" }, method: method(['a.ts']), variables: {} }),
    );
    expect(['RENDER_TIMED_OUT', 'RENDER_FAILED']).toContain(recursive.code);
    expect(recursive.message).toContain('"a.ts.liquid"');
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);

  it('refuses 100 MB of output, naming the file', async () => {
    const started = Date.now();
    const error = await refusal(() =>
      render({
        files: {
          'small.ts': 'ok',
          'big.txt.liquid':
            '{% assign chunk = "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789" %}' +
            '{% for i in (1..1000000) %}{{ chunk }}{% endfor %}',
        },
        method: method(['small.ts', 'big.txt']),
        variables: {},
      }),
    );
    expect(['OUTPUT_TOO_LARGE', 'RENDER_TIMED_OUT']).toContain(error.code);
    expect(error.message).toContain('big.txt.liquid');
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);

  it('stops a schema pattern that backtracks without end, and the next render still works', async () => {
    const quick = createRenderSandbox({ timeoutMs: 1500 });
    try {
      const started = Date.now();
      const error = await refusal(() => backtrackingRender(quick));
      expect(error.code).toBe('RENDER_TIMED_OUT');
      expect(error.message).toContain('did not finish within 1500 ms');
      expect(Date.now() - started).toBeLessThan(5000);
      const after = await renderMethod({
        sandbox: quick,
        files: { 'a.ts': 'x' },
        method: method(['a.ts']),
        variables: {},
      });
      expect(after.files).toEqual([{ path: 'a.ts', content: 'x' }]);
    } finally {
      await quick.close();
    }
  }, 20_000);

  it('lets a quick render finish while another is stuck, since renders have two workers', async () => {
    // Long enough for the second worker to start on a busy machine; with one worker the stuck render
    // would still be first to finish, at this limit. Once the quick one has finished, the stuck one is
    // called off instead of spinning until the limit: the test above shows the limit stops it.
    const pair = createRenderSandbox({ timeoutMs: 4000 });
    const caller = new AbortController();
    try {
      const finished: string[] = [];
      const stuck = backtrackingRender(pair, caller.signal).then(
        () => finished.push('stuck answered'),
        (error: { reason?: string; code?: string }) => finished.push(error.reason ?? error.code ?? 'failed'),
      );
      await renderMethod({
        sandbox: pair,
        files: { 'b.ts': 'y' },
        method: method(['b.ts']),
        variables: {},
      }).then((result) => finished.push(result.files[0]?.path ?? 'nothing'));
      caller.abort();
      await stuck;
      expect(finished).toEqual(['b.ts', 'aborted']);
    } finally {
      await pair.close();
    }
  }, 20_000);

  it('renders in-process the same files as in the worker', async () => {
    const input = {
      files: template.files,
      method: findMethod(config, 'scaffold-service'),
      variables: { serviceName: 'billing' },
    };
    expect(await renderMethod({ ...input, isolation: 'in-process' })).toEqual(await render(input));
  });
});

describe('validateVariables', () => {
  it('fills defaults and names wrong fields', () => {
    const schema = findMethod(config, 'scaffold-service');
    expect(validateVariables(schema, { serviceName: 'x' })).toEqual({
      ok: true,
      values: { serviceName: 'x', withTests: false },
    });
    expect(validateVariables(schema, { serviceName: 3 })).toEqual({
      ok: false,
      errors: [{ field: 'serviceName', message: '"serviceName" must be string.' }],
    });
  });

  it('names the values an enum allows', () => {
    const method = {
      variablesSchema: {
        type: 'object' as const,
        properties: { kind: { type: 'string', enum: ['http', 'queue'] } },
      },
    };
    expect(validateVariables(method, { kind: 'cron' })).toEqual({
      ok: false,
      errors: [{ field: 'kind', message: '"kind" must be one of "http", "queue".' }],
    });
  });
});

describe('checkTemplateSize', () => {
  it('refuses a 5 MB template and a 2,000-file template quickly with clear words', () => {
    const started = Date.now();
    const big = { 'a.txt': 'x'.repeat(5 * 1024 * 1024) };
    expect(() => checkTemplateSize(big)).toThrow('The template is larger than 2 MB (passed at "a.txt")');
    const many = Object.fromEntries(Array.from({ length: 2000 }, (_, index) => [`f${index}.txt`, '']));
    expect(() => checkTemplateSize(many)).toThrow('The template has 2000 files; the limit is 1000.');
    // Milliseconds when it stops at the limit; the bound leaves room for a busy machine.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses template paths that are too long or not normalised', () => {
    expect(() => checkTemplateSize({ [`${'a/'.repeat(200)}x`]: '' })).toThrow('the limit is 300');
    expect(() => checkTemplateSize({ '../x': '' })).toThrow(TemplateError);
    expect(() => checkTemplateSize({ './x': '' })).toThrow('should be written "x"');
  });
});
