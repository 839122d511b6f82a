// `switchboard scaffold`, `switchboard templates` and `mcp serve`'s local scaffold tools as real
// processes against a real server, in scratch git repositories: a template pushed from AgiFlow's
// folder layout, listed, previewed with --dry-run, written without overwriting, pulled back, and used
// by an MCP client through `switchboard mcp serve`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  asBrowser,
  createProject,
  type Json,
  linkedRepository,
  loggedInCliForFile,
  runCli,
} from './cli-support';

const SCAFFOLD_YAML = `boilerplate:
  - name: scaffold-lib
    description: A TypeScript library package
    targetFolder: packages
    variables_schema:
      type: object
      properties:
        packageName: {type: string, minLength: 1}
        license: {type: string, enum: [MIT, Apache-2.0], default: MIT}
      required: [packageName]
    includes:
      - package.json->{{ packageName | kebabCase }}/package.json
features:
  - name: scaffold-service
    description: A service class and its test
    variables_schema:
      type: object
      properties:
        serviceName: {type: string, minLength: 1, description: The service, e.g. billing}
        withTests: {type: boolean, default: true}
      required: [serviceName]
    includes:
      - src/services/Example.ts->src/services/{{ serviceName | pascalCase }}Service.ts
      - tests/Example.test.ts->tests/{{ serviceName | kebabCase }}.test.ts?withTests=true
    instruction: Register {{ serviceName | pascalCase }}Service in src/services/index.ts.
`;

const TEMPLATE_FILES: Record<string, string> = {
  'package.json.liquid': '{ "name": "@acme/{{ packageName | kebabCase }}" }\n',
  'src/services/Example.ts.liquid': 'export class {{ serviceName | pascalCase }}Service {}\n',
  'tests/Example.test.ts.liquid': "import '../src/services/{{ serviceName | pascalCase }}Service';\n",
};

let repo: string;

const cli = loggedInCliForFile(async ({ server, bundle, ada, user }) => {
  await createProject(server, ada, { name: 'Billing', key: 'BIL' });
  repo = await linkedRepository(bundle, user, 'BIL');
});

function writeTemplateFolder(root: string): void {
  const folder = join(root, 'templates', 'backend');
  for (const [path, content] of Object.entries({ 'scaffold.yaml': SCAFFOLD_YAML, ...TEMPLATE_FILES })) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), content);
  }
}

async function useTemplateInProject(name: string): Promise<void> {
  const project = (await asBrowser(cli.server, cli.ada, 'GET', '/api/v1/projects')).body.items[0];
  const patched = await asBrowser(cli.server, cli.ada, 'PATCH', `/api/v1/projects/${project.id}`, {
    version: project.version,
    template: name,
  });
  expect(patched.status).toBe(200);
}

describe('switchboard templates and scaffold', () => {
  it('push a template folder, list its methods, dry-run, write without overwriting, and pull it back', async () => {
    const source = join(cli.user.home, 'source');
    writeTemplateFolder(source);
    const pushed = await runCli(cli.bundle, cli.user, ['templates', 'push', source], { cwd: repo });
    expect(pushed).toMatchObject({ code: 0, stderr: '' });
    expect(pushed.stdout).toBe('Created template "backend" (version 1).\n');
    const again = await runCli(
      cli.bundle,
      cli.user,
      ['templates', 'push', join(source, 'templates', 'backend')],
      { cwd: repo },
    );
    // The same folder again changes nothing: the version stays.
    expect(again.stdout).toBe('Template "backend" is unchanged (version 1).\n');
    await useTemplateInProject('backend');

    const listed = await runCli(cli.bundle, cli.user, ['scaffold', 'list'], { cwd: repo });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^KIND\s+METHOD\s+TEMPLATE\s+VARIABLES\s+DESCRIPTION\n/);
    expect(listed.stdout).toMatch(
      /boilerplate\s+scaffold-lib\s+backend\s+packageName\*, license\s+A TypeScript library package/,
    );
    expect(listed.stdout).toMatch(
      /feature\s+scaffold-service\s+backend\s+serviceName\*, withTests\s+A service class and its test/,
    );
    const json = JSON.parse(
      (await runCli(cli.bundle, cli.user, ['scaffold', 'list', '--json'], { cwd: repo })).stdout,
    );
    expect(json.template).toBe('backend');
    expect(json.methods.map((method: Json) => [method.kind, method.name])).toEqual([
      ['boilerplate', 'scaffold-lib'],
      ['feature', 'scaffold-service'],
    ]);

    // Not a terminal: the missing variable is named, and nothing is written.
    const missing = await runCli(cli.bundle, cli.user, ['scaffold', 'add', 'scaffold-service'], {
      cwd: repo,
    });
    expect(missing).toMatchObject({
      code: 2,
      stderr: 'error: scaffold-service needs --var serviceName=… (missing: serviceName).\n',
    });

    const dry = await runCli(
      cli.bundle,
      cli.user,
      ['scaffold', 'add', 'scaffold-service', '--var', 'serviceName=billing', '--dry-run'],
      { cwd: repo },
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('\n--- src/services/BillingService.ts\nexport class BillingService {}\n');
    expect(dry.stdout).toContain("\n--- tests/billing.test.ts\nimport '../src/services/BillingService';\n");
    expect(existsSync(join(repo, 'src'))).toBe(false);

    mkdirSync(join(repo, 'tests'));
    writeFileSync(join(repo, 'tests', 'billing.test.ts'), 'mine\n');
    const added = await runCli(
      cli.bundle,
      cli.user,
      ['scaffold', 'add', 'scaffold-service', '--var', 'serviceName=billing'],
      { cwd: repo },
    );
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toBe(
      [
        'scaffold-service of template "backend":',
        '  created  src/services/BillingService.ts',
        '  exists   tests/billing.test.ts (left unchanged)',
        '',
        'Register BillingService in src/services/index.ts.',
        '',
      ].join('\n'),
    );
    expect(readFileSync(join(repo, 'src/services/BillingService.ts'), 'utf8')).toBe(
      'export class BillingService {}\n',
    );
    expect(readFileSync(join(repo, 'tests/billing.test.ts'), 'utf8')).toBe('mine\n');

    const refused = await runCli(
      cli.bundle,
      cli.user,
      ['scaffold', 'add', 'scaffold-service', '--var', 'serviceName=', '--var', 'withTests=maybe'],
      { cwd: repo },
    );
    expect(refused).toMatchObject({
      code: 2,
      stderr: 'error: --var withTests: expected true or false, got "maybe".\n',
    });
    const badValue = await runCli(
      cli.bundle,
      cli.user,
      ['scaffold', 'add', 'scaffold-service', '--var', 'serviceName='],
      { cwd: repo },
    );
    expect(badValue.code).toBe(2);
    expect(badValue.stderr).toContain('serviceName');

    // A misspelt variable is refused, not dropped; a value outside an enum names the allowed ones; a
    // project folder outside the repository is named itself. Each before anything is rendered.
    const misspelt = await runCli(
      cli.bundle,
      cli.user,
      ['scaffold', 'add', 'scaffold-service', '--var', 'serviceName=billing', '--var', 'servceName=x'],
      { cwd: repo },
    );
    expect(misspelt).toMatchObject({
      code: 2,
      stderr:
        'error: --var servceName: not a variable of this method; its variables: serviceName, withTests.\n',
    });
    const outsideEnum = await runCli(
      cli.bundle,
      cli.user,
      ['scaffold', 'add', 'scaffold-lib', '--var', 'packageName=x', '--var', 'license=GPL'],
      { cwd: repo },
    );
    expect(outsideEnum).toMatchObject({
      code: 2,
      stderr: 'error: --var license: must be one of MIT, Apache-2.0 (got "GPL").\n',
    });
    const outsideRepository = await runCli(
      cli.bundle,
      cli.user,
      [
        'scaffold',
        'add',
        'scaffold-service',
        '--var',
        'serviceName=billing',
        '--project-path',
        '../elsewhere',
      ],
      { cwd: repo },
    );
    expect(outsideRepository.code).toBe(2);
    expect(outsideRepository.stderr).toContain(
      'error: --project-path: The project path "../elsewhere" leads outside the repository',
    );
    expect(existsSync(join(cli.user.home, 'elsewhere'))).toBe(false);

    const lib = await runCli(
      cli.bundle,
      cli.user,
      ['scaffold', 'add', 'scaffold-lib', '--var', 'packageName=Money Utils', '--json'],
      { cwd: repo },
    );
    expect(JSON.parse(lib.stdout)).toMatchObject({
      createdFiles: ['packages/money-utils/package.json'],
      existingFiles: [],
    });

    const pulledInto = join(cli.user.home, 'pulled');
    const pulled = await runCli(cli.bundle, cli.user, ['templates', 'pull', pulledInto], { cwd: repo });
    expect(pulled).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(join(pulledInto, 'templates/backend/scaffold.yaml'), 'utf8')).toBe(SCAFFOLD_YAML);
    for (const [path, content] of Object.entries(TEMPLATE_FILES))
      expect(readFileSync(join(pulledInto, 'templates/backend', path), 'utf8')).toBe(content);
  }, 240_000);

  it('reports each template a push refuses, and still saves the others', async () => {
    const source = join(cli.user.home, 'mixed');
    writeTemplateFolder(source);
    mkdirSync(join(source, 'templates', 'broken'), { recursive: true });
    writeFileSync(
      join(source, 'templates', 'broken', 'scaffold.yaml'),
      'features:\n  - description: no name\n',
    );
    const pushed = await runCli(cli.bundle, cli.user, ['templates', 'push', source], { cwd: repo });
    expect(pushed.code).toBe(1);
    expect(pushed.stdout).toMatch(/^Template "backend" is unchanged \(version \d+\)\.\n/m);
    expect(pushed.stdout).toMatch(/^Template "broken" was not saved: .+/m);
    expect(pushed.stderr).toBe('error: 1 of 2 templates not saved: broken.\n');
  }, 60_000);

  it('shows help for every subcommand', async () => {
    for (const args of [
      ['scaffold', 'add'],
      ['scaffold', 'list'],
      ['templates', 'pull'],
      ['templates', 'push'],
    ]) {
      const help = await runCli(cli.bundle, cli.user, [...args, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: switchboard ${args.join(' ')}`);
    }
  }, 60_000);
});

describe('mcp serve with the scaffold toolset', () => {
  it('writes a feature into the repository, keeps existing files, and refuses bad targets and variables', async () => {
    const client = new Client({ name: 'scaffold-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cli.bundle, 'mcp', 'serve', '--toolsets', 'core,scaffold'],
        cwd: join(repo, 'src'),
        env: cli.user.env,
        stderr: 'pipe',
      }),
    );
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['use-boilerplate', 'use-scaffold-method']));
      const call = async (name: string, args: Record<string, unknown>) =>
        (await client.callTool({ name, arguments: args })) as CallToolResult;

      const task = await asBrowser(cli.server, cli.ada, 'GET', '/api/v1/projects');
      const projectId = task.body.items[0].id;
      const created = await asBrowser(cli.server, cli.ada, 'POST', `/api/v1/projects/${projectId}/tasks`, {
        title: 'Invoices service',
      });
      expect(created.status).toBe(201);

      const first = await call('use-scaffold-method', {
        scaffold_feature_name: 'scaffold-service',
        variables: { serviceName: 'invoices', withTests: false },
        projectPath: 'apps/api',
        task: created.body.key,
      });
      expect(first.isError).toBeFalsy();
      expect(first.structuredContent).toEqual({
        createdFiles: ['apps/api/src/services/InvoicesService.ts'],
        existingFiles: [],
        warnings: [],
        instruction: 'Register InvoicesService in src/services/index.ts.',
        template: 'backend',
        method: 'scaffold-service',
        recorded: { task: created.body.key, version: expect.any(Number) },
      });
      // Written under the git top level, not the folder the server was started in.
      expect(readFileSync(join(repo, 'apps/api/src/services/InvoicesService.ts'), 'utf8')).toBe(
        'export class InvoicesService {}\n',
      );
      const recorded = await asBrowser(cli.server, cli.ada, 'GET', `/api/v1/tasks/${created.body.key}`);
      expect(JSON.stringify(recorded.body.devInfo)).toContain('src/services/InvoicesService.ts');

      writeFileSync(join(repo, 'apps/api/src/services/InvoicesService.ts'), 'edited\n');
      const second = await call('use-scaffold-method', {
        scaffold_feature_name: 'scaffold-service',
        variables: { serviceName: 'invoices', withTests: false },
        projectPath: 'apps/api',
      });
      expect(second.structuredContent).toMatchObject({
        createdFiles: [],
        existingFiles: ['apps/api/src/services/InvoicesService.ts'],
      });
      expect(readFileSync(join(repo, 'apps/api/src/services/InvoicesService.ts'), 'utf8')).toBe('edited\n');

      const outside = await call('use-boilerplate', {
        boilerplateName: 'scaffold-lib',
        variables: { packageName: 'x' },
        targetFolder: '../outside',
      });
      expect(outside.isError).toBe(true);
      expect(JSON.stringify(outside.content)).toContain('leads outside the repository');
      expect(existsSync(join(cli.user.home, 'outside'))).toBe(false);
      const escapingProject = await call('use-scaffold-method', {
        scaffold_feature_name: 'scaffold-service',
        variables: { serviceName: 'x' },
        projectPath: '../..',
      });
      expect(escapingProject.isError).toBe(true);
      expect(escapingProject.content).toEqual([
        {
          type: 'text',
          text: 'VALIDATION_FAILED: The project path "../.." leads outside the repository; give a folder relative to the repository root. Nothing was written.',
        },
      ]);

      const badVariable = await call('use-scaffold-method', {
        scaffold_feature_name: 'scaffold-service',
        variables: { serviceName: 42 },
      });
      expect(badVariable.isError).toBe(true);
      expect(JSON.stringify(badVariable.content)).toContain('serviceName');
    } finally {
      await client.close();
    }
  }, 120_000);
});
