import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, signUp } from '../testing/auth-agent';
import { serverForFile, type TestServer } from '../testing/harness';
import { connectAgent, type McpAgent, ToolError } from '../testing/mcp-agent';
import { keyOf, type Workspace, workspace } from '../testing/mcp-fixtures';
import { caller, createProject, type Json, joinOrganizationOf } from '../testing/projects';
import { createTestTemplate } from '../testing/templates';

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;
let space: Workspace;
let agent: McpAgent;
let admin: Person;
let outsider: Person;
let call: ReturnType<typeof caller>;

const SCAFFOLD_TOOLS = [
  'list-boilerplates',
  'use-boilerplate',
  'list-scaffolding-methods',
  'use-scaffold-method',
];
const ADMIN_TOOLS = ['generate-boilerplate', 'generate-feature-scaffold', 'generate-boilerplate-file'];

beforeAll(async () => {
  ({ server, release: releaseServer } = await serverForFile());
  call = caller(server);
  space = await workspace(server, 'Ada', 'SWB', ['backend-dev']);
  admin = await signUp(server, 'Adam Admin');
  outsider = await signUp(server, 'Otto Outsider');
  await joinOrganizationOf(space.person, admin, 'admin');
  await createTestTemplate(server, space.person, 'services');
  await createTestTemplate(server, outsider, 'theirs');
  const project = await rest('GET', `/api/v1/projects/${space.project.id}`);
  await rest('PATCH', `/api/v1/projects/${space.project.id}`, {
    version: project.version,
    template: 'services',
  });
  agent = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
    query: { project: 'SWB', toolsets: 'core,scaffold' },
  });
});

afterAll(async () => {
  await agent?.close();
  await releaseServer?.();
});

async function rest(method: string, path: string, body?: unknown, person = space.person): Promise<Json> {
  const answer = await call(person, method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a tool error');
    },
    (error: unknown) => {
      if (error instanceof ToolError) return error;
      throw error;
    },
  );

describe('scaffold toolset', () => {
  it('is listed with toolsets=scaffold or all, not by default', async () => {
    const names = (await agent.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(SCAFFOLD_TOOLS));
    for (const name of ADMIN_TOOLS) expect(names).not.toContain(name);
    const plain = await connectAgent(server.url, keyOf(space, 'backend-dev'), { query: { project: 'SWB' } });
    try {
      const defaults = (await plain.client.listTools()).tools.map((tool) => tool.name);
      for (const name of SCAFFOLD_TOOLS) expect(defaults).not.toContain(name);
    } finally {
      await plain.close();
    }
  });

  it('lists boilerplates and renders one with exact files', async () => {
    const listed = await agent.call('list-boilerplates', {});
    expect(listed).toEqual({
      boilerplates: [
        expect.objectContaining({ name: 'node-lib', template: 'services', targetFolder: 'packages' }),
      ],
      nextCursor: null,
    });
    const used = await agent.call('use-boilerplate', {
      boilerplateName: 'node-lib',
      variables: { packageName: 'Billing Core', withTests: false },
      targetFolder: 'libs',
    });
    expect(used).toEqual({
      template: 'services',
      method: 'node-lib',
      files: [{ path: 'libs/billing-core/package.json', content: '{ "name": "@acme/billing-core" }\n' }],
      instruction: 'Run pnpm install in packages/billing-core.',
      warnings: [],
    });
  });

  it("lists and uses the project's template's features, recording the files on a task", async () => {
    const reader = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
      query: { project: 'SWB', toolsets: 'projects' },
    });
    expect(await reader.call('get-project')).toMatchObject({ key: 'SWB', template: 'services' });
    await reader.close();
    const methods = await agent.call('list-scaffolding-methods', {});
    expect(methods).toEqual({
      template: 'services',
      methods: [
        {
          name: 'service',
          description: 'A service class',
          variables_schema: expect.objectContaining({ required: ['serviceName'] }),
          patterns: ['src/services/**/*.ts'],
        },
      ],
      nextCursor: null,
    });
    const task = await rest('POST', `/api/v1/projects/${space.project.id}/tasks`, {
      title: 'Billing service',
    });
    const used = await agent.call('use-scaffold-method', {
      scaffold_feature_name: 'service',
      variables: { serviceName: 'billing' },
      task: task.key,
    });
    expect(used).toEqual({
      template: 'services',
      method: 'service',
      files: [{ path: 'src/services/BillingService.ts', content: 'export class BillingService {}\n' }],
      instruction: '',
      warnings: [],
      recorded: { task: task.key, version: 2 },
    });
    const stored = await rest('GET', `/api/v1/tasks/${task.key}`);
    expect(stored.devInfo.scaffolds).toEqual([
      {
        template: 'services',
        method: 'service',
        files: ['src/services/BillingService.ts'],
        at: expect.any(String),
      },
    ]);
    const log = await rest('GET', `/api/v1/activity?entityId=${task.id}`);
    expect(log.items[0]).toMatchObject({ action: 'task.updated', data: { fields: ['devInfo'] } });
  });

  it('refuses bad variables naming the field, a target leaving the project and unknown names', async () => {
    const bad = await refusal(
      agent.call('use-scaffold-method', { scaffold_feature_name: 'service', variables: { serviceName: 7 } }),
    );
    expect(bad.code).toBe('VALIDATION_FAILED');
    expect(bad.text).toContain('"serviceName" must be string.');
    const missing = await refusal(
      agent.call('use-boilerplate', { boilerplateName: 'node-lib', variables: {} }),
    );
    expect(missing.text).toContain('"packageName" is required.');

    const climbing = await refusal(
      agent.call('use-scaffold-method', {
        scaffold_feature_name: 'service',
        variables: { serviceName: 'x', folder: '../../home' },
      }),
    );
    expect(climbing.code).toBe('TEMPLATE_RENDER_FAILED');
    expect(climbing.text).toContain('leaves its folder');
    const folder = await refusal(
      agent.call('use-boilerplate', {
        boilerplateName: 'node-lib',
        variables: { packageName: 'x' },
        targetFolder: '/etc',
      }),
    );
    expect(folder.text).toContain('is absolute');

    const unknown = await refusal(
      agent.call('use-scaffold-method', { scaffold_feature_name: 'nope', variables: {} }),
    );
    expect(unknown.code).toBe('SCAFFOLD_METHOD_NOT_FOUND');
    const theirs = await refusal(agent.call('list-scaffolding-methods', { template: 'theirs' }));
    expect(theirs.code).toBe('TEMPLATE_NOT_FOUND');
  });

  it('says so when the project has no template', async () => {
    await createProject(server, space.person, 'BARE');
    const bare = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
      query: { project: 'BARE', toolsets: 'scaffold' },
    });
    try {
      const refused = await refusal(bare.call('list-scaffolding-methods', {}));
      expect(refused.code).toBe('TEMPLATE_NOT_FOUND');
      expect(refused.text).toContain('This project has no template');
      expect(await bare.call('list-scaffolding-methods', { template: 'services' })).toMatchObject({
        template: 'services',
      });
    } finally {
      await bare.close();
    }
  });
});

describe('scaffold admin tools', () => {
  it('are refused to a plain key and add a feature and its file for an admin key', async () => {
    const plainCall = await agent.client.callTool({ name: 'generate-feature-scaffold', arguments: {} });
    expect(plainCall.isError).toBe(true);

    const created = await admin.auth<Json>('post', '/api-key/create', {
      name: 'template keeper',
      metadata: { agentName: 'backend-dev', admin: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const keeper = await connectAgent(server.url, created.body.key, {
      query: { project: 'SWB', toolsets: 'scaffold' },
    });
    try {
      const names = (await keeper.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(ADMIN_TOOLS));
      const feature = await keeper.call('generate-feature-scaffold', {
        template: 'services',
        featureName: 'route',
        description: 'An HTTP route',
        variables_schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        includes: ['route.ts->src/routes/{{ name | kebabCase }}.ts'],
      });
      expect(feature).toEqual({ template: 'services', version: 2, boilerplates: 1, features: 2, files: 3 });
      const file = await keeper.call('generate-boilerplate-file', {
        template: 'services',
        filePath: 'route.ts.liquid',
        content: "export const {{ name | camelCase }}Route = '/{{ name | kebabCase }}';\n",
      });
      expect(file).toMatchObject({ version: 3, files: 4 });
      const again = await refusal(
        keeper.call('generate-boilerplate-file', {
          template: 'services',
          filePath: 'route.ts.liquid',
          content: '',
        }),
      );
      expect(again.text).toContain('pass overwrite: true');
      const twice = await refusal(
        keeper.call('generate-feature-scaffold', {
          template: 'services',
          featureName: 'route',
          includes: [],
        }),
      );
      expect(twice.text).toContain('already has a boilerplate or feature "route"');

      const used = await agent.call('use-scaffold-method', {
        scaffold_feature_name: 'route',
        variables: { name: 'User Profiles' },
      });
      expect(used.files).toEqual([
        {
          path: 'src/routes/user-profiles.ts',
          content: "export const userProfilesRoute = '/user-profiles';\n",
        },
      ]);

      const boilerplate = await keeper.call('generate-boilerplate', {
        template: 'fresh',
        boilerplateName: 'empty-app',
        includes: ['README.md'],
      });
      expect(boilerplate).toEqual({ template: 'fresh', version: 1, boilerplates: 1, features: 0, files: 0 });
      const stored = await rest('GET', '/api/v1/templates/services');
      expect(stored.updatedBy).toBe('backend-dev');
      expect(stored.scaffoldYaml).toContain('- route.ts->src/routes/{{ name | kebabCase }}.ts');
    } finally {
      await keeper.close();
    }
  });
});

describe('reading templates', () => {
  it('lists boilerplates and features from the form parsed at save, never parsing scaffold.yaml again', async () => {
    await createTestTemplate(server, space.person, 'stored-form');
    // Text no parser accepts: were the tools to read it again, they would fail.
    await server.server.database.db.execute(
      sql`update template set scaffold_yaml = 'boilerplate: [unclosed'
          where name = 'stored-form' and organization_id = ${space.organizationId}`,
    );
    try {
      const listed = await agent.call('list-boilerplates', {});
      expect(listed.boilerplates).toContainEqual(
        expect.objectContaining({ name: 'node-lib', template: 'stored-form' }),
      );
      const methods = await agent.call('list-scaffolding-methods', { template: 'stored-form' });
      expect(methods.methods.map((method: Json) => method.name)).toEqual(['service']);
    } finally {
      await rest('DELETE', '/api/v1/templates/stored-form');
    }
  });
});
