import { REVIEW_MAX_BYTES, REVIEW_REQUEST_MAX_BYTES } from '@switchboard/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverForFile, type TestServer } from '../testing/harness';
import { connectAgent, type McpAgent, ToolError } from '../testing/mcp-agent';
import { keyOf, type Workspace, workspace } from '../testing/mcp-fixtures';
import { caller, createProject, type Json } from '../testing/projects';
import { CLEAN_ROUTE, createTestRuleSet, ROUTE_WITH_DRIVER, useRuleSet } from '../testing/rule-sets';

// Dialect-sensitive: findings are replaced in one transaction beside the gate's reads, and their
// JSON details come back through each driver its own way.

// What a review may clear, what a check that cannot finish does, and how big a review may be, all
// through the official MCP SDK client against a real server.

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;
let space: Workspace;
let agent: McpAgent;
let call: ReturnType<typeof caller>;
/** A project whose rule set holds a regex that backtracks without end on a long run of a's. */
let slowProjectId: string;

const FILE = 'src/routes/users.ts';

beforeAll(async () => {
  ({ server, release: releaseServer } = await serverForFile());
  call = caller(server);
  space = await workspace(server, 'Rita', 'REV', ['reviewer-dev']);
  await createTestRuleSet(server, space.person, 'backend');
  await useRuleSet(server, space.person, space.project.id, 'backend');
  const created = await call(space.person, 'POST', '/api/v1/rule-sets', {
    name: 'catastrophic',
    patterns: [],
    rules: [
      {
        pattern: 'all',
        globs: ['**'],
        mustNotDo: [{ rule: 'No line of only a', check: { forbid: '^(a+)+$' } }],
      },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const slow = await createProject(server, space.person, 'SLO');
  slowProjectId = slow.id;
  await useRuleSet(server, space.person, slow.id, 'catastrophic');
  agent = await connectAgent(server.url, keyOf(space, 'reviewer-dev'), {
    query: { project: 'REV', toolsets: 'core,architecture' },
  });
});

afterAll(async () => {
  await agent?.close();
  await releaseServer?.();
});

const rest = async (method: string, path: string, body?: unknown): Promise<Json> => {
  const answer = await call(space.person, method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body;
};
const newTask = (title: string, projectId = space.project.id) =>
  rest('POST', `/api/v1/projects/${projectId}/tasks`, { title });
const openFindingsOf = async (key: string) => (await rest('GET', `/api/v1/tasks/${key}`)).openFindings;
const refusal = (promise: Promise<unknown>): Promise<ToolError> =>
  promise.then(
    (answer) => {
      throw new Error(`expected a tool error, got ${JSON.stringify(answer)}`);
    },
    (error: unknown) => {
      if (!(error instanceof ToolError)) throw error;
      return error;
    },
  );
const review = (task: string, content: string, extra: Record<string, unknown> = {}) =>
  agent.call('review-code-change', { task, file_path: FILE, content, ...extra });

/** A git diff of FILE from `before` to `after`, one hunk replacing the lines that differ. */
function diffOf(before: string, after: string, path = FILE): string {
  const old = before.split('\n');
  const now = after.split('\n');
  let start = 0;
  while (start < old.length && old[start] === now[start]) start++;
  let endOld = old.length;
  let endNow = now.length;
  while (endOld > start && endNow > start && old[endOld - 1] === now[endNow - 1]) {
    endOld--;
    endNow--;
  }
  const removed = old.slice(start, endOld).map((line) => `-${line}`);
  const added = now.slice(start, endNow).map((line) => `+${line}`);
  const range = (from: number, count: number) => `${count === 0 ? from : from + 1},${count}`;
  return [
    `--- a/${path}`,
    `+++ b/${path}`,
    `@@ -${range(start, endOld - start)} +${range(start, endNow - start)} @@`,
    ...removed,
    ...added,
    '',
  ].join('\n');
}

describe('reviews that cannot be emptied', () => {
  it('a diff that is not one, another file’s, or not this content is refused and clears nothing', async () => {
    const task = await newTask('Driver in a route');
    await review(task.key, ROUTE_WITH_DRIVER);
    expect(await openFindingsOf(task.key)).toMatchObject({ high: 1 });

    const attempts: Array<[string, string]> = [
      ['looks fine to me', 'it is not a unified diff'],
      [
        diffOf('', CLEAN_ROUTE, 'src/routes/orders.ts'),
        `it has no hunk of ${FILE} (it changes src/routes/orders.ts)`,
      ],
      [diffOf(ROUTE_WITH_DRIVER, `${ROUTE_WITH_DRIVER}// done\n`), 'does not describe this content'],
    ];
    for (const [diff, words] of attempts) {
      const refused = await refusal(review(task.key, CLEAN_ROUTE, { diff }));
      expect(refused.code, diff).toBe('VALIDATION_FAILED');
      expect(refused.text).toMatch(/^VALIDATION_FAILED: diff: The diff cannot be used: /);
      expect(refused.text).toContain(words);
    }
    // A review of another file is about that file only.
    await agent.call('review-code-change', {
      task: task.key,
      file_path: 'src/routes/orders.ts',
      content: CLEAN_ROUTE,
    });
    expect(await openFindingsOf(task.key)).toMatchObject({ high: 1 });
    const blocked = await refusal(agent.call('move-task', { task: task.key, status: 'Done' }));
    expect(blocked.code).toBe('TASK_REVIEW_BLOCKED');
  });

  it('an empty diff checks the whole file, so the finding is found again', async () => {
    const task = await newTask('Empty diff');
    await review(task.key, ROUTE_WITH_DRIVER);
    for (const diff of ['', '\n']) {
      const again = await review(task.key, ROUTE_WITH_DRIVER, { diff });
      expect(again).toMatchObject({ fix_required: true, recorded: { open_findings: { high: 1 } } });
    }
  });

  it('a diff that leaves the violation alone keeps its finding; one that removes it clears it', async () => {
    const task = await newTask('Diff-scoped reviews');
    await review(task.key, ROUTE_WITH_DRIVER);
    const appended = `${ROUTE_WITH_DRIVER}export const version = 2;\n`;
    const elsewhere = await review(task.key, appended, { diff: diffOf(ROUTE_WITH_DRIVER, appended) });
    // The added line breaks nothing, but the import on line 1 is still there: the finding stays.
    expect(elsewhere).toMatchObject({ fix_required: false, identified_issues: [] });
    expect(elsewhere.recorded.open_findings).toMatchObject({ high: 1 });

    const fixed = appended.replace("import { Pool } from 'pg';", "import { query } from '../domain/users';");
    const removal = await review(task.key, fixed, { diff: diffOf(appended, fixed) });
    expect(removal.recorded.open_findings).toEqual({ high: 0, medium: 0, low: 0 });
    await agent.call('move-task', { task: task.key, status: 'Done' });
  });

  it('names the check behind each finding, in the tool’s answer and the REST findings', async () => {
    const task = await newTask('Named checks');
    const found = await review(task.key, ROUTE_WITH_DRIVER);
    expect(found.identified_issues).toEqual([
      expect.objectContaining({ rule: 'No database driver in routes', check: 'forbidImport pg, ../**/db/*' }),
    ]);
    const listed = await rest('GET', `/api/v1/tasks/${task.key}/findings`);
    expect(listed.items).toEqual([
      expect.objectContaining({ source: 'check', check: 'forbidImport pg, ../**/db/*' }),
    ]);
    await agent.call('record-review', {
      task: task.key,
      file_path: FILE,
      identified_issues: [{ type: 'should_do', rule: 'Name handlers after what they do', violation: 'list' }],
    });
    const judged = (await rest('GET', `/api/v1/tasks/${task.key}/findings`)).items.find(
      (finding: Json) => finding.source === 'agent',
    );
    expect(judged.check).toBeNull();
  });
});

describe('checks that fail safe', () => {
  const runOfA = `${'a'.repeat(40)}!\n`;

  it('a regex that times out is not checked, never a HIGH finding, and the task can move', async () => {
    const task = await newTask('Long line of a', slowProjectId);
    const answer = await agent.call('review-code-change', {
      task: task.key,
      file_path: 'notes.txt',
      content: runOfA,
    });
    expect(answer).toMatchObject({ fix_required: false, identified_issues: [] });
    expect(answer.not_checked).toEqual([
      expect.objectContaining({
        rule: 'No line of only a',
        severity: 'HIGH',
        check: 'forbid /^(a+)+$/',
        reason: expect.stringContaining('did not finish within'),
      }),
    ]);
    expect(answer.recorded.open_findings).toEqual({ high: 0, medium: 0, low: 0 });
    await agent.call('move-task', { task: task.key, status: 'Done' });
    const moved = await rest('GET', `/api/v1/tasks/${task.key}`);
    const statuses = await rest('GET', `/api/v1/projects/${slowProjectId}/statuses`);
    expect(statuses.items.find((status: Json) => status.id === moved.statusId)?.category).toBe('done');
  });

  it('a check that did not run does not clear what it found before', async () => {
    const task = await newTask('Found, then not checked', slowProjectId);
    const found = await agent.call('review-code-change', {
      task: task.key,
      file_path: 'notes.txt',
      content: 'aaa\n',
    });
    expect(found.recorded.open_findings).toMatchObject({ high: 1 });
    const unchecked = await agent.call('review-code-change', {
      task: task.key,
      file_path: 'notes.txt',
      content: `aaa\n${runOfA}`,
    });
    expect(unchecked.not_checked).toHaveLength(1);
    expect(unchecked.recorded.open_findings).toMatchObject({ high: 1 });
  });
});

describe('checks run beside the code', () => {
  it('keep the findings of the items they did not show gone, and name their check', async () => {
    const task = await newTask('Checked locally');
    const item = { pattern: 'routes', type: 'must_not_do', rule: 'No database driver in routes' };
    const record = (issues: Json[], keep?: Json[]) =>
      agent.call('record-review', {
        task: task.key,
        file_path: FILE,
        identified_issues: issues,
        checked_locally: true,
        ...(keep ? { keep_findings_of: keep } : {}),
      });
    await record([{ ...item, violation: 'imports pg', line: 1, check: 'forbidImport pg' }]);
    const [finding] = (await rest('GET', `/api/v1/tasks/${task.key}/findings`)).items;
    expect(finding).toMatchObject({ source: 'check', check: 'forbidImport pg' });
    expect((await record([], [item])).open_findings).toMatchObject({ high: 1 });
    expect((await record([])).open_findings).toMatchObject({ high: 0 });
  });
});

describe('limits that agree', () => {
  it('an over-size review is a tool error with advice, not an HTTP error', async () => {
    const task = await newTask('Huge file');
    const whole = await refusal(review(task.key, 'x'.repeat(REVIEW_MAX_BYTES + 1)));
    expect(whole.code).toBe('PAYLOAD_TOO_LARGE');
    expect(whole.text).toContain('over the 1 MB a review reads');
    expect(whole.text).toContain('leave it out of the review');

    const half = 'x'.repeat(REVIEW_MAX_BYTES / 2);
    const together = await refusal(review(task.key, half, { diff: `@@ -1 +1 @@\n-y\n+${half}\n` }));
    expect(together.code).toBe('PAYLOAD_TOO_LARGE');
    expect(together.text).toContain('git diff -U0');
  });

  it('a request past what any review needs is refused at the door, saying what a review may be', async () => {
    const response = await server.fetch('/api/v1/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${keyOf(space, 'reviewer-dev')}`,
      },
      body: JSON.stringify({ padding: 'x'.repeat(REVIEW_REQUEST_MAX_BYTES) }),
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as Json;
    expect(body.error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('a review reads at most 1 MB (content and diff together)'),
    });
  });

  it('a review at the limit gets through, however much JSON escaping grows the request', async () => {
    const task = await newTask('Many lines');
    const lines = '\n'.repeat(REVIEW_MAX_BYTES - CLEAN_ROUTE.length);
    const answer = await review(task.key, `${CLEAN_ROUTE}${lines}`);
    expect(answer).toMatchObject({ fix_required: false, recorded: { task: task.key } });
  });
});
