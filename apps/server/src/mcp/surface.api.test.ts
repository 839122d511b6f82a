import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverForFile, type TestServer } from '../testing/harness';
import { connectAgent, type McpAgent } from '../testing/mcp-agent';
import { keyOf, type Workspace, workspace } from '../testing/mcp-fixtures';
import { caller, type Json } from '../testing/projects';
import { createTestTemplate } from '../testing/templates';

// The work loop's tools are read by every agent at every session start. Labels and a person assignee
// on tasks took it just past 12,000 characters, and what holds a task at the review gate (needsReview,
// findings, redirected) to about 12,400, a task's due date and estimate (read and written) to 12,644;
// the budget leaves room for a field or two, not a tool.
const DEFAULT_LIST_BUDGET = 12_700;

const WORK_LOOP = [
  'list-projects',
  'next-task',
  'claim-task',
  'release-task',
  'get-task',
  'update-task',
  'move-task',
  'create-task-comment',
  'list-task-comments',
  'report-usage',
  'request-input',
  'get-input',
];

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;
let space: Workspace;
let agent: McpAgent;
let task: Json;

beforeAll(async () => {
  ({ server, release: releaseServer } = await serverForFile());
  space = await workspace(server, 'Ada', 'SWB', ['backend-dev', 'frontend-dev']);
  const call = caller(server);
  task = (
    await call(space.person, 'POST', `/api/v1/projects/${space.project.id}/tasks`, {
      title: 'Read me',
      acceptanceCriteria: [{ text: 'is read' }],
    })
  ).body;
  await call(space.person, 'POST', `/api/v1/tasks/${task.id}/comments`, { body: 'Hello' });
  // The scaffold read tools need a template, the project's by default.
  await createTestTemplate(server, space.person, 'services');
  await call(space.person, 'PATCH', `/api/v1/projects/${space.project.id}`, {
    version: 1,
    template: 'services',
  });
  agent = await connectAgent(server.url, keyOf(space, 'backend-dev'), { query: { project: 'SWB' } });
});

afterAll(async () => {
  await agent?.close();
  await releaseServer?.();
});

describe('the default tool list', () => {
  it('is the whole work loop in at most 12,700 characters of JSON', async () => {
    const { tools } = await agent.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...WORK_LOOP].sort());
    expect(JSON.stringify(tools).length).toBeLessThanOrEqual(DEFAULT_LIST_BUDGET);
  });

  it('the instructions name only tools the session lists', async () => {
    const { tools } = await agent.client.listTools();
    const listed = new Set(tools.map((tool) => tool.name));
    const named = agent.client.getInstructions()?.match(/\b[a-z]+(?:-[a-z]+)+\b/g) ?? [];
    const toolLike = named.filter((name) =>
      /^(get|list|create|update|move|next|claim|release|report|request|delete|reorder)-/.test(name),
    );
    expect(toolLike.length).toBeGreaterThan(3);
    for (const name of toolLike) expect(listed, name).toContain(name);
  });

  it('status and assignee parameters are enums of the project and organization names', async () => {
    const all = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
      query: { project: 'SWB', toolsets: 'all' },
    });
    const { tools } = await all.client.listTools();
    const properties = (name: string): Record<string, Json> =>
      (tools.find((tool) => tool.name === name)?.inputSchema.properties ?? {}) as Record<string, Json>;
    expect(properties('move-task').status.enum).toEqual(['Todo', 'In Progress', 'Review', 'Done']);
    expect(JSON.stringify(properties('create-task').assignee)).toContain(
      '"enum":["backend-dev","frontend-dev"]',
    );
    await all.close();
  });
});

describe('one name for one thing', () => {
  it('every toolset names a template, a target folder, a parent work unit and an owner the same way', async () => {
    // An admin key lists the admin tools too (generate-*, add-*), where the older names lived.
    const created = await space.person.auth<Json>('post', '/api-key/create', {
      name: 'one-name check',
      metadata: { agentName: 'backend-dev', admin: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const admin = await connectAgent(server.url, created.body.key, {
      query: { project: 'SWB', toolsets: 'all' },
    });
    const { tools } = await admin.client.listTools();
    await admin.close();
    const parameters = (name: string) =>
      Object.keys(tools.find((tool) => tool.name === name)?.inputSchema.properties ?? {});
    const everyParameter = new Set(tools.flatMap((tool) => parameters(tool.name)));
    for (const retired of [
      'templateName',
      'template_name',
      'targetFolderOverride',
      'parentWorkUnitId',
      'ownerId',
    ]) {
      expect(everyParameter, retired).not.toContain(retired);
    }
    for (const tool of ['generate-boilerplate', 'generate-feature-scaffold', 'generate-boilerplate-file']) {
      expect(parameters(tool), tool).toContain('template');
    }
    expect(parameters('use-boilerplate')).toEqual(expect.arrayContaining(['template', 'targetFolder']));
    for (const tool of ['add-rule', 'add-design-pattern'])
      expect(parameters(tool), tool).toContain('rule_set');
    for (const tool of ['create-work-unit', 'update-work-unit']) {
      expect(parameters(tool), tool).toEqual(expect.arrayContaining(['parentWorkUnit', 'owner']));
    }
  });

  it("create-work-unit takes its parent by slug and its owner by a member's e-mail", async () => {
    const units = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
      query: { project: 'SWB', toolsets: 'work-units' },
    });
    const parent = await units.call('create-work-unit', { title: 'Billing' });
    const child = await units.call('create-work-unit', {
      title: 'Invoices',
      parentWorkUnit: parent.slug,
      owner: space.person.user.email.toUpperCase(),
    });
    expect(child).toMatchObject({ parentWorkUnitId: parent.id, ownerId: space.person.user.id });
    const stranger = await units.callRaw('update-work-unit', {
      workUnit: child.slug,
      owner: 'nobody@example.com',
    });
    expect(stranger.isError).toBe(true);
    expect(stranger.content).toEqual([
      { type: 'text', text: expect.stringMatching(/^VALIDATION_FAILED: .*owner/) },
    ]);
    // The ownerId an answer carries can be passed back as owner.
    const kept = await units.call('update-work-unit', { workUnit: child.slug, owner: child.ownerId });
    expect(kept.ownerId).toBe(space.person.user.id);
    const cleared = await units.call('update-work-unit', {
      workUnit: child.slug,
      owner: null,
      parentWorkUnit: null,
    });
    expect(cleared).toMatchObject({ parentWorkUnitId: null, ownerId: null });
    await units.close();
  });
});

describe('structured answers', () => {
  it('every tool has an outputSchema, and every read tool answers structuredContent that matches it', async () => {
    const all = await connectAgent(server.url, keyOf(space, 'frontend-dev'), {
      query: { project: 'SWB', toolsets: 'all' },
    });
    const { tools } = await all.client.listTools();
    expect(tools.length).toBeGreaterThan(WORK_LOOP.length);
    const validator = new AjvJsonSchemaValidator();
    const unit = await all.call('create-work-unit', { title: 'Reading' });
    const plan = await all.call('propose-plan', {
      title: 'Reading plan',
      items: [{ key: 'T1', kind: 'task', title: 'Read the plan' }],
    });
    const readArguments: Record<string, Record<string, unknown>> = {
      'list-projects': {},
      'get-project': {},
      'list-tasks': {},
      'list-labels': {},
      'get-task': { task: task.key },
      'list-task-comments': { task: task.key },
      'list-work-units': {},
      'get-work-unit': { workUnit: unit.slug },
      'get-file-design-pattern': { file_path: 'src/routes/users.ts' },
      'list-boilerplates': {},
      'use-boilerplate': { boilerplateName: 'node-lib', variables: { packageName: 'reader' } },
      'list-scaffolding-methods': {},
      'list-plans': {},
      'get-plan': { plan: plan.id },
    };
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toBeDefined();
      if (!tool.annotations?.readOnlyHint || tool.name === 'get-input') continue;
      const args = readArguments[tool.name];
      expect(args, `arguments for ${tool.name}`).toBeDefined();
      const result = await all.callRaw(tool.name, args);
      expect(result.isError, tool.name).toBeFalsy();
      const check = validator.getValidator(tool.outputSchema as Json)(result.structuredContent);
      expect(check.errorMessage, tool.name).toBeUndefined();
      expect(check.valid, tool.name).toBe(true);
      // The text mirrors the structured answer for clients that only read text.
      const [text] = result.content;
      expect(text?.type === 'text' && JSON.parse(text.text)).toEqual(result.structuredContent);
    }
    await all.close();
  });

  it('a tool error stays an isError result with the code first', async () => {
    const result = await agent.callRaw('get-task', { task: 'SWB-9999' });
    expect(result).toMatchObject({ isError: true });
    expect(result.structuredContent).toBeUndefined();
    expect(result.content).toEqual([
      { type: 'text', text: 'TASK_NOT_FOUND: There is no task SWB-9999 in this organization.' },
    ]);
  });
});

describe('prompts', () => {
  const promptNames = async (client: McpAgent) =>
    (await client.client.listPrompts()).prompts.map((prompt) => prompt.name).sort();

  it('plan, work and review give a way in with the project’s statuses', async () => {
    // The default session has the worker's tools but not list-tasks, with which a reviewer finds work.
    expect(await promptNames(agent)).toEqual(['plan', 'work']);
    const work = await agent.client.getPrompt({ name: 'work', arguments: {} });
    const text = work.messages
      .map((message) => (message.content.type === 'text' ? message.content.text : ''))
      .join('');
    expect(text).toContain('backend-dev in project SWB');
    expect(text).toContain('next-task');
    expect(text).toContain('move-task to In Progress');
    expect(text).toContain('move-task to Review: that hands the task in and releases your claim');
    // The default session lacks link-pull-request: the prompt says how to get it.
    expect(text).toContain('link-pull-request (reconnect with ?toolsets=tasks to get it)');
    expect(text.trimEnd()).toMatch(/open a PR naming the task key\.$/);
    const reviewer = await connectAgent(server.url, keyOf(space, 'frontend-dev'), {
      query: { project: 'SWB', toolsets: 'core,tasks' },
    });
    expect(await promptNames(reviewer)).toEqual(['plan', 'review', 'work']);
    const review = await reviewer.client.getPrompt({ name: 'review', arguments: { task: task.key } });
    expect(JSON.stringify(review.messages)).toContain(`claim-task ${task.key}, then get-task ${task.key}`);
    await reviewer.close();
    const plan = await agent.client.getPrompt({ name: 'plan', arguments: { goal: 'Ship billing' } });
    // The default session lacks the planning tools; the prompt says how to get them.
    expect(JSON.stringify(plan.messages)).toContain('?toolsets=tasks');
  });

  it('work and review are listed only where their tools are', async () => {
    const tasksOnly = await connectAgent(server.url, keyOf(space, 'frontend-dev'), {
      query: { project: 'SWB', toolsets: 'tasks' },
    });
    expect(await promptNames(tasksOnly)).toEqual(['plan']);
    expect(tasksOnly.client.getInstructions()).not.toContain('prompt "work"');
    await tasksOnly.close();
    expect(agent.client.getInstructions()).toContain('The prompt "work" spells it out');
    expect(agent.client.getInstructions()).not.toContain('"review"');
  });
});
