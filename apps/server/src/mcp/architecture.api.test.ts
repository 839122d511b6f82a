import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWithKey } from '../testing/agents';
import { type Person, signUp } from '../testing/auth-agent';
import { serverForFile, type TestServer } from '../testing/harness';
import { connectAgent, type McpAgent, ToolError } from '../testing/mcp-agent';
import { keyOf, type Workspace, workspace } from '../testing/mcp-fixtures';
import { caller, createProject, type Json, joinOrganizationOf } from '../testing/projects';
import {
  CLEAN_ROUTE,
  createTestRuleSet,
  ROUTE_WITH_DRIVER,
  ROUTE_WITH_QUERY,
  useRuleSet,
} from '../testing/rule-sets';

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;
let space: Workspace;
let agent: McpAgent;
let member: Person;
let admin: Person;
let outsider: Person;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ server, release: releaseServer } = await serverForFile());
  call = caller(server);
  space = await workspace(server, 'Ada', 'SWB', ['backend-dev']);
  member = await signUp(server, 'Mia Member');
  admin = await signUp(server, 'Adam Admin');
  outsider = await signUp(server, 'Otto Outsider');
  await joinOrganizationOf(space.person, member, 'member');
  await joinOrganizationOf(space.person, admin, 'admin');
  await createTestRuleSet(server, space.person, 'backend');
  await useRuleSet(server, space.person, space.project.id, 'backend');
  agent = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
    query: { project: 'SWB', toolsets: 'core,architecture' },
  });
});

afterAll(async () => {
  await agent?.close();
  await releaseServer?.();
});

const rest = async (method: string, path: string, body?: unknown, person = space.person): Promise<Json> => {
  const answer = await call(person, method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body;
};

const newTask = (title: string) => rest('POST', `/api/v1/projects/${space.project.id}/tasks`, { title });
const taskOf = (key: string) => rest('GET', `/api/v1/tasks/${key}`);
const statusNameOf = async (key: string) => {
  const statuses = await rest('GET', `/api/v1/projects/${space.project.id}/statuses`);
  const task = await taskOf(key);
  return statuses.items.find((status: Json) => status.id === task.statusId)?.name;
};

const review = (task: string, content: string, file_path = 'src/routes/users.ts') =>
  agent.call('review-code-change', { task, file_path, content });

const refusal = (promise: Promise<unknown>) => promise.then(() => null).catch((error: ToolError) => error);

describe('design patterns', () => {
  it('names the patterns and recommendations that cover a file', async () => {
    const answer = await agent.call('get-file-design-pattern', { file_path: 'src/routes/users.ts' });
    expect(answer).toMatchObject({
      rule_set: 'backend',
      file_path: 'src/routes/users.ts',
      matched_patterns: [{ name: 'thin-routes', design_pattern: 'Thin HTTP routes', confidence: 'glob' }],
    });
    expect(answer.recommendations.length).toBeGreaterThan(0);
  });

  it('refuses a path out of the repository', async () => {
    const refused = await refusal(agent.call('get-file-design-pattern', { file_path: '../../etc/passwd' }));
    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as ToolError).code).toBe('VALIDATION_FAILED');
    expect((refused as ToolError).text).toContain('leads outside the repository');
  });
});

describe('the review gate', () => {
  it('a forbidden import is HIGH and blocks review and done; a clean review lets the task through', async () => {
    const task = await newTask('Users endpoint');
    const found = await review(task.key, ROUTE_WITH_DRIVER);
    expect(found.fix_required).toBe(true);
    expect(found.identified_issues).toEqual([
      expect.objectContaining({ severity: 'HIGH', type: 'must_not_do', pattern: 'routes', line: 1 }),
    ]);
    expect(found.recorded).toMatchObject({ task: task.key, open_findings: { high: 1, medium: 0, low: 0 } });
    expect((await taskOf(task.key)).openFindings).toEqual({ high: 1, medium: 0, low: 0 });

    await agent.call('move-task', { task: task.key, status: 'In Progress' });
    for (const status of ['Done', 'Review']) {
      const blocked = await refusal(agent.call('move-task', { task: task.key, status }));
      expect(blocked, status).toBeInstanceOf(ToolError);
      expect((blocked as ToolError).code).toBe('TASK_REVIEW_BLOCKED');
      expect((blocked as ToolError).text).toContain('No database driver in routes');
    }
    expect(await statusNameOf(task.key)).toBe('In Progress');

    const clean = await review(task.key, CLEAN_ROUTE);
    expect(clean).toMatchObject({ fix_required: false, identified_issues: [] });
    expect(clean.recorded.open_findings).toEqual({ high: 0, medium: 0, low: 0 });
    await agent.call('move-task', { task: task.key, status: 'Done' });
    expect(await statusNameOf(task.key)).toBe('Done');

    const log = await rest('GET', `/api/v1/activity?entityId=${task.id}`);
    const reviews = log.items.filter((item: Json) => item.action === 'task.reviewed');
    expect(reviews.map((item: Json) => item.summary)).toEqual([
      `reviewed src/routes/users.ts on ${task.key}: no findings`,
      `reviewed src/routes/users.ts on ${task.key}: 1 HIGH, 0 MEDIUM, 0 LOW`,
    ]);
  });

  it('REST moves by an agent key are held too, while a person is never held', async () => {
    const task = await newTask('Held over REST');
    await review(task.key, ROUTE_WITH_DRIVER);
    const current = await taskOf(task.key);
    const byKey = await sendWithKey(
      server,
      keyOf(space, 'backend-dev'),
      'POST',
      `/api/v1/tasks/${task.key}/move`,
      {
        version: current.version,
        statusId: space.project.done,
      },
    );
    expect(byKey.status).toBe(409);
    expect(byKey.body.error.code).toBe('TASK_REVIEW_BLOCKED');
    expect(byKey.body.error.details.findings).toEqual([
      expect.objectContaining({ severity: 'HIGH', filePath: 'src/routes/users.ts', status: 'open' }),
    ]);
    const byPerson = await call(member, 'POST', `/api/v1/tasks/${task.key}/move`, {
      version: current.version,
      statusId: space.project.done,
    });
    expect(byPerson.status).toBe(200);
    // Reordering within its column hands nothing in, so the agent is not held.
    const reordered = await sendWithKey(
      server,
      keyOf(space, 'backend-dev'),
      'POST',
      `/api/v1/tasks/${task.key}/move`,
      { version: byPerson.body.version, statusId: space.project.done, position: -1 },
    );
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
  });

  it('a MEDIUM finding sends a move to done to review, marked for a person; LOW is only recorded', async () => {
    const task = await newTask('Query in a handler');
    const found = await review(task.key, `${ROUTE_WITH_QUERY}console.log('debug');\n`);
    expect(found.fix_required).toBe(false);
    expect(found.identified_issues.map((issue: Json) => issue.severity).sort()).toEqual(['LOW', 'MEDIUM']);
    await agent.call('move-task', { task: task.key, status: 'Done' });
    const landed = await taskOf(task.key);
    expect(await statusNameOf(task.key)).toBe('Review');
    expect(landed).toMatchObject({ needsReview: true, openFindings: { high: 0, medium: 1, low: 1 } });
    const log = await rest('GET', `/api/v1/activity?entityId=${task.id}`);
    expect(log.items[0].summary).toContain('sent it to Review instead of Done');

    // A person looked at it and moves it on: the mark goes.
    await rest('POST', `/api/v1/tasks/${task.key}/move`, {
      version: landed.version,
      statusId: space.project.done,
    });
    expect((await taskOf(task.key)).needsReview).toBe(false);

    const lowOnly = await newTask('Only a log line');
    await review(lowOnly.key, `${CLEAN_ROUTE}console.log('debug');\n`);
    await agent.call('move-task', { task: lowOnly.key, status: 'Done' });
    expect(await statusNameOf(lowOnly.key)).toBe('Done');
  });

  it("a new review replaces only that file's open findings", async () => {
    const task = await newTask('Two files');
    await review(task.key, ROUTE_WITH_DRIVER, 'src/routes/users.ts');
    await review(task.key, ROUTE_WITH_DRIVER, 'src/routes/orders.ts');
    await review(task.key, CLEAN_ROUTE, 'src/routes/users.ts');
    const findings = await rest('GET', `/api/v1/tasks/${task.key}/findings`);
    expect(findings.items.map((finding: Json) => finding.filePath)).toEqual(['src/routes/orders.ts']);
    expect((await taskOf(task.key)).openFindings).toEqual({ high: 1, medium: 0, low: 0 });
  });

  it("records the agent's own judgement, which gates like a check and is replaced the same way", async () => {
    const task = await newTask('Judged');
    const checked = await review(task.key, CLEAN_ROUTE);
    expect(checked.rules_to_self_check).toEqual([
      expect.objectContaining({ rule: 'Name handlers after what they do', type: 'should_do' }),
    ]);
    const judged = await agent.call('record-review', {
      task: task.key,
      file_path: 'src/routes/users.ts',
      identified_issues: [
        {
          type: 'should_do',
          rule: 'Name handlers after what they do',
          violation: '`list` says nothing',
          line: 4,
        },
      ],
    });
    expect(judged).toMatchObject({ recorded: 1, open_findings: { high: 0, medium: 1, low: 0 } });
    const [finding] = (await rest('GET', `/api/v1/tasks/${task.key}/findings`)).items;
    expect(finding).toMatchObject({
      source: 'agent',
      severity: 'MEDIUM',
      pattern: 'routes',
      recordedBy: { type: 'agent', name: 'backend-dev' },
    });
    // A check of the same file leaves the agent's judgement alone; a new judgement replaces it.
    await review(task.key, CLEAN_ROUTE);
    expect((await taskOf(task.key)).openFindings.medium).toBe(1);
    await agent.call('record-review', {
      task: task.key,
      file_path: 'src/routes/users.ts',
      identified_issues: [],
    });
    expect((await taskOf(task.key)).openFindings.medium).toBe(0);
  });

  it('findings checked beside the code are filed as checks, which a later judgement does not replace', async () => {
    const task = await newTask('Checked locally');
    const issue = {
      type: 'must_not_do',
      severity: 'HIGH',
      rule: 'Never import the database in a route',
      violation: 'imports ../db',
      line: 1,
    };
    const local = await agent.call('record-review', {
      task: task.key,
      file_path: 'src/routes/users.ts',
      identified_issues: [issue],
      checked_locally: true,
    });
    expect(local).toMatchObject({ open_findings: { high: 1 } });
    expect((await rest('GET', `/api/v1/tasks/${task.key}/findings`)).items[0]).toMatchObject({
      source: 'check',
    });
    await agent.call('record-review', {
      task: task.key,
      file_path: 'src/routes/users.ts',
      identified_issues: [],
    });
    expect((await taskOf(task.key)).openFindings.high).toBe(1);
    await agent.call('record-review', {
      task: task.key,
      file_path: 'src/routes/users.ts',
      identified_issues: [],
      checked_locally: true,
    });
    expect((await taskOf(task.key)).openFindings.high).toBe(0);
  });

  it('a project without a rule set checks nothing and records nothing', async () => {
    const other = await createProject(server, space.person, 'NXT');
    const task = await rest('POST', `/api/v1/projects/${other.id}/tasks`, { title: 'Unruled' });
    const answer = await review(task.key, ROUTE_WITH_DRIVER);
    expect(answer).toMatchObject({ rule_set: null, fix_required: false, identified_issues: [] });
    expect(answer.recorded).toBeUndefined();
    expect((await taskOf(task.key)).openFindings).toEqual({ high: 0, medium: 0, low: 0 });
  });
});

describe('findings and their dismissal', () => {
  it("a person's dismissal, with its reason, clears the gate; agents and outsiders may not dismiss", async () => {
    const task = await newTask('Migration script');
    await review(task.key, ROUTE_WITH_DRIVER);
    for (const person of [space.person, admin, member]) {
      const listed = await call(person, 'GET', `/api/v1/tasks/${task.key}/findings`);
      expect(listed.status).toBe(200);
      expect(listed.body.items).toHaveLength(1);
    }
    const [finding] = (await rest('GET', `/api/v1/tasks/${task.key}/findings?status=open`)).items;

    const hidden = await call(outsider, 'GET', `/api/v1/tasks/${task.key}/findings`);
    expect(hidden.status).toBe(404);
    const foreign = await call(outsider, 'POST', `/api/v1/findings/${finding.id}/dismiss`, {
      reason: 'mine now',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('FINDING_NOT_FOUND');
    const byAgent = await sendWithKey(
      server,
      keyOf(space, 'backend-dev'),
      'POST',
      `/api/v1/findings/${finding.id}/dismiss`,
      {
        reason: 'I disagree',
      },
    );
    expect(byAgent.status).toBe(403);
    const noReason = await call(member, 'POST', `/api/v1/findings/${finding.id}/dismiss`, { reason: ' ' });
    expect(noReason.status).toBe(400);

    const dismissed = await call(member, 'POST', `/api/v1/findings/${finding.id}/dismiss`, {
      reason: 'A one-off migration may use the driver',
    });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({
      status: 'dismissed',
      dismissal: {
        by: { type: 'user', name: 'Mia Member' },
        reason: 'A one-off migration may use the driver',
      },
    });
    expect((await taskOf(task.key)).openFindings).toEqual({ high: 0, medium: 0, low: 0 });
    expect((await rest('GET', `/api/v1/tasks/${task.key}/findings?status=open`)).items).toEqual([]);
    const log = await rest('GET', `/api/v1/activity?entityId=${task.id}`);
    expect(log.items[0]).toMatchObject({
      action: 'task.finding_dismissed',
      actor: { type: 'user', name: 'Mia Member' },
      summary: expect.stringContaining('A one-off migration may use the driver'),
    });

    await agent.call('move-task', { task: task.key, status: 'Done' });
    expect(await statusNameOf(task.key)).toBe('Done');
  });

  it('owners and admins dismiss findings too', async () => {
    const task = await newTask('Two more');
    await review(task.key, ROUTE_WITH_DRIVER, 'src/routes/a.ts');
    await review(task.key, ROUTE_WITH_DRIVER, 'src/routes/b.ts');
    const findings = (await rest('GET', `/api/v1/tasks/${task.key}/findings`)).items;
    for (const [index, person] of [space.person, admin].entries()) {
      const dismissed = await call(person, 'POST', `/api/v1/findings/${findings[index].id}/dismiss`, {
        reason: 'Generated code',
      });
      expect(dismissed.status).toBe(200);
    }
    expect((await taskOf(task.key)).openFindings.high).toBe(0);
  });
});

describe('admin tools', () => {
  const createKey = (person: Person, metadata: Record<string, unknown>) =>
    person.auth<Json>('post', '/api-key/create', {
      name: 'rules keeper',
      metadata: { agentName: 'backend-dev', ...metadata },
    });

  it('are listed only for keys an owner or admin marked admin, and add to the project’s rule set', async () => {
    const plain = await agent.client.listTools();
    expect(plain.tools.map((tool) => tool.name)).not.toContain('add-rule');

    const refused = await createKey(member, { admin: true });
    expect(refused.status).toBe(403);
    const notBoolean = await createKey(admin, { admin: 'yes' });
    expect(notBoolean.status).toBe(400);

    const created = await createKey(admin, { admin: true });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const keeper = await connectAgent(server.url, created.body.key, {
      query: { project: 'SWB', toolsets: 'architecture' },
    });
    try {
      const names = (await keeper.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining(['add-design-pattern', 'add-rule', 'review-code-change', 'record-review']),
      );
      const added = await keeper.call('add-rule', {
        pattern: 'scripts',
        globs: ['scripts/**/*.mjs'],
        description: 'Scripts',
        inherits: ['base'],
        must_not_do: [{ rule: 'No HTTP server in scripts', check: { forbidImport: ['hono'] } }],
      });
      expect(added).toMatchObject({ rule_set: 'backend', rules: 3, patterns: 1 });
      const pattern = await keeper.call('add-design-pattern', {
        rule_set: 'backend',
        pattern_name: 'services',
        design_pattern: 'Domain services',
        includes: ['src/services/**/*.ts'],
        description: 'Pure functions over the database.',
      });
      expect(pattern).toMatchObject({ rule_set: 'backend', patterns: 2 });
      const twice = await refusal(keeper.call('add-rule', { pattern: 'scripts', description: 'again' }));
      expect((twice as ToolError).code).toBe('VALIDATION_FAILED');

      const hit = await agent.call('review-code-change', {
        // Added last, the rule covers what no earlier rule does (the first rule whose globs match wins).
        file_path: 'scripts/seed.mjs',
        content: "import { Hono } from 'hono';\n",
      });
      expect(hit.identified_issues).toEqual([
        expect.objectContaining({ severity: 'HIGH', pattern: 'scripts' }),
      ]);
      const stored = await rest('GET', '/api/v1/rule-sets/backend');
      expect(stored.updatedBy).toBe('backend-dev');
    } finally {
      await keeper.close();
    }
  });
});
