import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signatureOf } from '../github/signature';
import { type FakeGithub, NO_OAUTH_CLIENT, startFakeGithub } from '../testing/fake-github';
import {
  type ConnectedRepository,
  checkRunPayload,
  deliver,
  pullRequestPayload,
  pushPayload,
  statusPayload,
} from '../testing/github-deliveries';
import { type McpAgent, ToolError } from '../testing/mcp-agent';
import { useMcpWorkspace } from '../testing/mcp-workspace';
import type { Json } from '../testing/projects';
import {
  CLEAN_ROUTE,
  createTestRuleSet,
  ROUTE_WITH_DRIVER,
  ROUTE_WITH_QUERY,
  useRuleSet,
} from '../testing/rule-sets';

// Dialect-sensitive: a redelivery racing its first delivery meets it at the deliveries table's key, and
// checks of one commit lock its pull requests; on PostgreSQL those transactions really overlap.

/*
 * GitHub's deliveries drive the board: signed deliveries link tasks by branch, title and commit, move
 * them through the one mover as GitHub (the review gate holds a merge over HIGH findings), and each
 * linked pull request's head commit gets the review's word as a commit status, retried until GitHub
 * takes it. The fake GitHub is the REST API the server reports to.
 */

const TOKEN = 'github_pat_switchboard_test_0123456789';
let github: FakeGithub;

beforeAll(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  github = await startFakeGithub(NO_OAUTH_CLIENT);
  github.repositoryTokens.set(TOKEN, 'acme/api');
});

const space = useMcpWorkspace({
  agents: ['backend-dev'],
  server: () => ({
    env: { GITHUB_API_URL: github.url, GITHUB_WEB_URL: github.url },
    start: { upkeepEveryMs: 100, githubRetryBaseMs: 200 },
  }),
});

afterAll(async () => {
  await github?.close();
  vi.restoreAllMocks();
});

let repository: ConnectedRepository;
let worker: McpAgent;
let pullNumber = 0;

beforeAll(async () => {
  repository = await space.rest('POST', `/api/v1/projects/${space.project.id}/repositories`, {
    owner: 'acme',
    name: 'api',
    token: TOKEN,
  });
  await createTestRuleSet(space.server, space.person, 'backend');
  await useRuleSet(space.server, space.person, space.project.id, 'backend');
  worker = await space.connect('backend-dev', { query: { project: 'SWB', toolsets: 'core,architecture' } });
});

const send = (event: string, payload: unknown, options = {}) =>
  deliver(space.server, repository, event, payload, options);
const read = (key: string): Promise<Json> => space.rest('GET', `/api/v1/tasks/${key}`);
const summaries = async (taskId: string): Promise<string[]> =>
  (await space.rest('GET', `/api/v1/activity?entityId=${taskId}`)).items.map((item: Json) => item.summary);
const newTask = (title: string): Promise<Json> =>
  space.rest('POST', `/api/v1/projects/${space.project.id}/tasks`, { title });
const nextPull = () => {
  pullNumber += 1;
  return pullNumber;
};

async function applied(event: string, payload: unknown): Promise<void> {
  const answer = await send(event, payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  expect(answer.body.outcome).toBe('applied');
}

/** A task in progress whose one reviewed file has the given content. */
async function reviewedTask(title: string, content: string): Promise<Json> {
  const task = await newTask(title);
  await worker.call('move-task', { task: task.key, status: 'In Progress' });
  await worker.call('review-code-change', { task: task.key, file_path: 'src/routes/users.ts', content });
  return read(task.key);
}

/** The statuses the fake received for one commit, once at least `count` have arrived. */
async function statusesOf(sha: string, count = 1): Promise<Json[]> {
  await expect
    .poll(() => github.statuses.filter((status) => status.sha === sha).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(count);
  return github.statuses.filter((status) => status.sha === sha);
}

describe('deliveries that are refused', () => {
  const ping = { zen: 'Keep it logically awesome.', hook_id: 1 };

  it('unsigned, wrongly signed or tampered deliveries are 401 and change nothing', async () => {
    const unsigned = await send('ping', ping, { signature: null });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(unsigned.body.error.message).toContain('no X-Hub-Signature-256');
    const wrongSecret = await deliver(
      space.server,
      { ...repository, webhookSecret: 'not-the-secret' },
      'ping',
      ping,
    );
    expect(wrongSecret.status).toBe(401);
    const other = await send('ping', ping, { signature: `sha256=${'0'.repeat(64)}` });
    expect(other.status).toBe(401);
    const task = await newTask('Tampered');
    const tampered = pullRequestPayload({
      action: 'opened',
      number: nextPull(),
      branch: `swb-${task.number}-x`,
    });
    const signedElsewhere = await send('pull_request', tampered, {
      rawBody: JSON.stringify({ ...tampered, action: 'closed' }),
      signature: signatureOf(repository.webhookSecret, JSON.stringify(tampered)),
    });
    expect(signedElsewhere.status).toBe(401);
    expect((await read(task.key)).development.pullRequests).toEqual([]);
  });

  it('an unknown repository is 404, malformed JSON and missing headers are 400', async () => {
    const unknown = await deliver(
      space.server,
      { ...repository, webhookUrl: repository.webhookUrl.replace(repository.id, 'nope') },
      'ping',
      ping,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('REPOSITORY_NOT_FOUND');
    const malformed = await send('push', null, { rawBody: '{"ref": "refs/heads/x",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('WEBHOOK_DELIVERY_INVALID');
    const notAPullRequest = await send('pull_request', { action: 'opened', pull_request: { number: 'one' } });
    expect(notAPullRequest.status).toBe(400);
    expect(notAPullRequest.body.error.message).toContain('pull_request');
    const body = JSON.stringify(ping);
    const headless = await space.server.fetch(new URL(repository.webhookUrl).pathname, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signatureOf(repository.webhookSecret, body),
      },
      body,
    });
    expect(headless.status).toBe(400);
  });

  it('a delivery over 25 MB is refused with 413 before it is read', async () => {
    const huge = `{"zen":"${'a'.repeat(25 * 1024 * 1024)}"}`;
    const answer = await send('ping', null, { rawBody: huge, signature: 'sha256=00' });
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('events Switchboard does not act on are 202 and ignored; a ping is applied', async () => {
    const issues = await send('issues', { action: 'opened', issue: { number: 1 } });
    expect(issues.status).toBe(202);
    expect(issues.body).toEqual({ delivery: issues.deliveryId, outcome: 'ignored' });
    const labelled = await send(
      'pull_request',
      pullRequestPayload({ action: 'labeled', number: nextPull() }),
    );
    expect(labelled.body.outcome).toBe('ignored');
    await applied('ping', ping);
    const [listed] = (await space.rest('GET', `/api/v1/projects/${space.project.id}/repositories`)).items;
    expect(listed.lastDeliveryAt).not.toBeNull();
  });
});

describe('linking', () => {
  it('by branch: the pull request and its branch show on the task, and the activity says how', async () => {
    const task = await newTask('Add login');
    const number = nextPull();
    const branch = `swb-${task.number}-add-login`;
    await applied(
      'pull_request',
      pullRequestPayload({ action: 'opened', number, branch, sha: 'b1', draft: true }),
    );
    const linked = await read(task.key);
    expect(linked.development).toEqual({
      branches: [{ repository: 'acme/api', name: branch, url: `${github.url}/acme/api/tree/${branch}` }],
      pullRequests: [
        {
          repository: 'acme/api',
          number,
          url: `https://github.com/acme/api/pull/${number}`,
          title: `Pull request ${number}`,
          state: 'draft',
          checks: null,
          headSha: 'b1',
        },
      ],
    });
    expect(await summaries(task.id)).toContain(`linked PR #${number} to ${task.key} by branch ${branch}`);
    // A draft asks for no review: the task stays where it was.
    expect(linked.statusId).toBe(space.project.todo);
    const view = await worker.call('get-task', { task: task.key });
    expect(view.development).toEqual({
      branches: [branch],
      pullRequests: [
        {
          number,
          url: `https://github.com/acme/api/pull/${number}`,
          title: `Pull request ${number}`,
          state: 'draft',
          checks: null,
          headSha: 'b1',
        },
      ],
    });
  });

  it('by title in any case, and by description, each task once', async () => {
    const first = await newTask('Titled');
    const second = await newTask('Described');
    const number = nextPull();
    await applied(
      'pull_request',
      pullRequestPayload({
        action: 'opened',
        number,
        title: `Fix swb-${first.number}: login`,
        body: `Also closes SWB-${second.number}, and SWB-${first.number} again.`,
      }),
    );
    expect((await read(first.key)).development.pullRequests.map((pr: Json) => pr.number)).toEqual([number]);
    expect((await read(second.key)).development.pullRequests.map((pr: Json) => pr.number)).toEqual([number]);
    expect(await summaries(first.id)).toContain(`linked PR #${number} to ${first.key} by title`);
    expect(await summaries(second.id)).toContain(`linked PR #${number} to ${second.key} by description`);
  });

  it('by commit: the branch is linked, and the open pull request from it', async () => {
    const task = await newTask('Committed');
    const number = nextPull();
    await applied(
      'pull_request',
      pullRequestPayload({ action: 'opened', number, branch: 'feature-x', draft: true }),
    );
    expect((await read(task.key)).development.pullRequests).toEqual([]);
    await applied(
      'push',
      pushPayload('feature-x', [{ id: 'abcdef1234567', message: `Fix the form (SWB-${task.number})` }]),
    );
    const linked = await read(task.key);
    expect(linked.development.branches.map((branch: Json) => branch.name)).toEqual(['feature-x']);
    expect(linked.development.pullRequests.map((pr: Json) => pr.number)).toEqual([number]);
    const lines = await summaries(task.id);
    expect(lines).toContain(
      `linked branch feature-x to ${task.key} by commit abcdef1; linked PR #${number} to ${task.key} by commit abcdef1`,
    );
    // The default branch links nothing, and a deleted branch leaves the task.
    const pushedToMain = await send(
      'push',
      pushPayload('main', [{ id: 'fedcba9', message: `SWB-${task.number}` }]),
    );
    expect(pushedToMain.body.outcome).toBe('ignored');
    await applied('push', pushPayload('feature-x', [], { deleted: true }));
    expect((await read(task.key)).development.branches).toEqual([]);
  });

  it('checks of the head commit, all together, with our own status left out', async () => {
    const task = await newTask('Checked');
    const number = nextPull();
    await applied(
      'pull_request',
      pullRequestPayload({ action: 'opened', number, title: `SWB-${task.number}`, sha: 'c1', draft: true }),
    );
    const checks = async () => (await read(task.key)).development.pullRequests[0].checks;
    await applied('check_run', checkRunPayload('c1', 1, 'in_progress', null));
    expect(await checks()).toBe('pending');
    await applied('status', statusPayload('c1', 'ci/lint', 'success'));
    expect(await checks()).toBe('pending');
    await applied('check_run', checkRunPayload('c1', 1, 'completed', 'success'));
    expect(await checks()).toBe('success');
    const ours = await send('status', statusPayload('c1', 'switchboard/review', 'failure'));
    expect(ours.body.outcome).toBe('ignored');
    expect(await checks()).toBe('success');
    await applied('status', statusPayload('c1', 'ci/lint', 'error'));
    expect(await checks()).toBe('failure');
    expect(await summaries(task.id)).toContain(`checks of PR #${number} (${task.key}): failure`);
  });
});

describe('a delivery is applied once', () => {
  it('a redelivery of the same id changes nothing, even when both arrive at once', async () => {
    const task = await newTask('Delivered twice');
    const payload = pullRequestPayload({ action: 'opened', number: nextPull(), title: `SWB-${task.number}` });
    const first = await send('pull_request', payload);
    expect(first.body.outcome).toBe('applied');
    const again = await send('pull_request', payload, { deliveryId: first.deliveryId });
    expect(again.status).toBe(202);
    expect(again.body.outcome).toBe('already-applied');
    const before = await summaries(task.id);

    const other = await newTask('Raced');
    const raced = pullRequestPayload({ action: 'opened', number: nextPull(), title: `SWB-${other.number}` });
    const deliveryId = crypto.randomUUID();
    const outcomes = await Promise.all([
      send('pull_request', raced, { deliveryId }),
      send('pull_request', raced, { deliveryId }),
    ]);
    expect(outcomes.map((answer) => answer.body.outcome).sort()).toEqual(['already-applied', 'applied']);
    expect(await summaries(task.id)).toEqual(before);
    expect((await summaries(other.id)).filter((line) => line.startsWith('linked PR'))).toHaveLength(1);
  });
});

describe('moves that follow the pull request', () => {
  it('ready for review moves to review, a merge to done, a close without merge comments', async () => {
    const task = await newTask('Follows');
    const number = nextPull();
    const shape = { number, title: `SWB-${task.number} follows`, sha: 'm1' };
    await applied('pull_request', pullRequestPayload({ ...shape, action: 'opened', draft: true }));
    expect((await read(task.key)).statusId).toBe(space.project.todo);
    await applied('pull_request', pullRequestPayload({ ...shape, action: 'ready_for_review' }));
    expect((await read(task.key)).statusId).toBe(space.project.review);
    const moved = await summaries(task.id);
    expect(moved).toContain(`moved ${task.key} from Todo to Review`);
    await applied(
      'pull_request',
      pullRequestPayload({ ...shape, action: 'closed', state: 'closed', merged: true }),
    );
    const merged = await read(task.key);
    expect(merged.statusId).toBe(space.project.done);
    expect(merged.development.pullRequests[0].state).toBe('merged');
    const activity = (await space.rest('GET', `/api/v1/activity?entityId=${task.id}`)).items;
    expect(activity.find((item: Json) => item.action === 'task.moved')?.actor).toEqual({
      type: 'github',
      id: repository.id,
      name: 'GitHub',
    });

    const closed = await newTask('Closed unmerged');
    const closedNumber = nextPull();
    const closedShape = { number: closedNumber, title: `SWB-${closed.number}` };
    await applied('pull_request', pullRequestPayload({ ...closedShape, action: 'opened' }));
    await applied('pull_request', pullRequestPayload({ ...closedShape, action: 'closed', state: 'closed' }));
    expect((await read(closed.key)).statusId).toBe(space.project.review);
    const comments = (await space.rest('GET', `/api/v1/tasks/${closed.key}/comments`)).items;
    expect(comments).toHaveLength(1);
    expect(comments[0].author).toMatchObject({ type: 'github', name: 'GitHub' });
    expect(comments[0].body).toContain(`#${closedNumber}`);
    expect(comments[0].body).toContain('was closed without merging');
  });

  it('each move can be switched off for the project', async () => {
    const moves = await space.rest('GET', `/api/v1/projects/${space.project.id}/code-moves`);
    const off = await space.rest('PATCH', `/api/v1/projects/${space.project.id}/code-moves`, {
      version: moves.version,
      openedMovesToReview: false,
      mergedMovesToDone: false,
      closedAddsComment: false,
    });
    try {
      const task = await newTask('Stays');
      const shape = { number: nextPull(), title: `SWB-${task.number}` };
      await applied('pull_request', pullRequestPayload({ ...shape, action: 'opened' }));
      expect((await read(task.key)).statusId).toBe(space.project.todo);
      await applied(
        'pull_request',
        pullRequestPayload({ ...shape, action: 'closed', state: 'closed', merged: true }),
      );
      expect((await read(task.key)).statusId).toBe(space.project.todo);
      const other = await newTask('No comment');
      const otherShape = { number: nextPull(), title: `SWB-${other.number}` };
      await applied('pull_request', pullRequestPayload({ ...otherShape, action: 'opened' }));
      await applied('pull_request', pullRequestPayload({ ...otherShape, action: 'closed', state: 'closed' }));
      expect((await space.rest('GET', `/api/v1/tasks/${other.key}/comments`)).items).toEqual([]);
    } finally {
      await space.rest('PATCH', `/api/v1/projects/${space.project.id}/code-moves`, {
        version: off.version,
        openedMovesToReview: true,
        mergedMovesToDone: true,
        closedAddsComment: true,
      });
    }
  });
});

describe('the review gate holds GitHub and reports back', () => {
  it('a merge over an open HIGH finding keeps the task in review; the status fails, then passes', async () => {
    const task = await reviewedTask('Driver in a route', ROUTE_WITH_DRIVER);
    expect(task.openFindings.high).toBe(1);
    const number = nextPull();
    const shape = { number, branch: `swb-${task.number}-driver`, sha: 'h1' };
    await applied('pull_request', pullRequestPayload({ ...shape, action: 'opened' }));
    const opened = await read(task.key);
    expect(opened.statusId).toBe(space.project.review);
    expect(opened.needsReview).toBe(true);

    const [failure] = await statusesOf('h1');
    expect(failure).toMatchObject({
      repository: 'acme/api',
      state: 'failure',
      context: 'switchboard/review',
      description: `1 open HIGH review finding on ${task.key}`,
      token: TOKEN,
    });
    expect(failure?.target_url).toContain(`/dashboard/projects/${space.project.id}/tasks/${task.key}`);

    await applied(
      'pull_request',
      pullRequestPayload({ ...shape, action: 'closed', state: 'closed', merged: true }),
    );
    const held = await read(task.key);
    expect(held.statusId).toBe(space.project.review);
    expect(await summaries(task.id)).toContain(
      `kept ${task.key} in Review (1 open HIGH review finding(s) kept it in Review instead of Done)`,
    );
    await statusesOf('h1', 2);

    const [finding] = (await space.rest('GET', `/api/v1/tasks/${task.key}/findings?status=open`)).items;
    await space.rest('POST', `/api/v1/findings/${finding.id}/dismiss`, { reason: 'The driver is the point' });
    const statuses = await statusesOf('h1', 3);
    expect(statuses.at(-1)).toMatchObject({
      state: 'success',
      description: `No open review findings on ${task.key}`,
    });
  });

  it('MEDIUM findings make the status pending and keep a merged task in review for a person', async () => {
    const task = await reviewedTask('Query in a route', ROUTE_WITH_QUERY);
    const shape = { number: nextPull(), title: `SWB-${task.number}`, sha: 'q1' };
    await applied('pull_request', pullRequestPayload({ ...shape, action: 'opened' }));
    const [pending] = await statusesOf('q1');
    expect(pending).toMatchObject({
      state: 'pending',
      description: `1 MEDIUM review finding on ${task.key} waiting for a person`,
    });
    await applied(
      'pull_request',
      pullRequestPayload({ ...shape, action: 'closed', state: 'closed', merged: true }),
    );
    const held = await read(task.key);
    expect(held.statusId).toBe(space.project.review);
    expect(held.needsReview).toBe(true);
  });

  it('a new head commit gets its own status; a clean task passes', async () => {
    const task = await reviewedTask('Clean route', CLEAN_ROUTE);
    const shape = { number: nextPull(), title: `SWB-${task.number}` };
    await applied('pull_request', pullRequestPayload({ ...shape, action: 'opened', sha: 'n1' }));
    // Waited for: a status still queued for a head that is no longer one is dropped, not sent.
    expect((await statusesOf('n1'))[0]).toMatchObject({ state: 'success' });
    await applied('pull_request', pullRequestPayload({ ...shape, action: 'synchronize', sha: 'n2' }));
    expect((await statusesOf('n2'))[0]).toMatchObject({ state: 'success' });
    expect((await read(task.key)).development.pullRequests[0].headSha).toBe('n2');
  });

  it('no token, no statuses; a token given later reports the pull requests already linked', async () => {
    const path = `/api/v1/projects/${space.project.id}/repositories/${repository.id}`;
    expect((await space.rest('PATCH', path, { token: null })).hasToken).toBe(false);
    const task = await newTask('Token later');
    await applied(
      'pull_request',
      pullRequestPayload({ action: 'opened', number: nextPull(), title: `SWB-${task.number}`, sha: 't1' }),
    );
    const withoutToken = (await space.rest('GET', `/api/v1/projects/${space.project.id}/repositories`))
      .items[0];
    expect(withoutToken.statusDelivery.waiting).toBe(0);
    await space.rest('PATCH', path, { token: TOKEN });
    const [reported] = await statusesOf('t1');
    expect(reported).toMatchObject({
      state: 'success',
      description: `No open review findings on ${task.key}`,
    });
  });

  it('a status GitHub does not take is retried with backoff, and the settings show the error meanwhile', async () => {
    const task = await newTask('Retried');
    github.failNextStatuses = 2;
    const failedBefore = github.failedStatuses;
    await applied(
      'pull_request',
      pullRequestPayload({ action: 'opened', number: nextPull(), title: `SWB-${task.number}`, sha: 'r1' }),
    );
    await expect
      .poll(() => github.failedStatuses - failedBefore, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    const failing = (await space.rest('GET', `/api/v1/projects/${space.project.id}/repositories`)).items[0];
    expect(failing.statusDelivery.lastError.message).toContain('502');
    const [delivered] = await statusesOf('r1');
    expect(delivered).toMatchObject({ state: 'success' });
    expect(github.failedStatuses - failedBefore).toBe(2);
    const after = (await space.rest('GET', `/api/v1/projects/${space.project.id}/repositories`)).items[0];
    expect(after.statusDelivery.waiting).toBe(0);
    expect(after.statusDelivery.lastDeliveredAt).not.toBeNull();
  });
});

describe('MCP', () => {
  it('link-pull-request links a pull request by its address, and get-task shows it', async () => {
    const agent = await space.connect('backend-dev', { query: { project: 'SWB', toolsets: 'core,tasks' } });
    const task = await newTask('Linked by an agent');
    const url = `${github.url}/acme/api/pull/900`;
    const pullRequest = {
      number: 900,
      url,
      title: 'acme/api#900',
      state: 'open',
      checks: null,
      headSha: null,
    };
    expect(await agent.call('link-pull-request', { task: task.key, url })).toEqual({
      key: task.key,
      development: { branches: [], pullRequests: [pullRequest] },
    });
    expect((await agent.call('get-task', { task: task.key })).development).toEqual({
      branches: [],
      pullRequests: [pullRequest],
    });
    const refused = await agent
      .call('link-pull-request', { task: task.key, url: `${github.url}/acme/other/pull/1` })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as ToolError).code).toBe('PULL_REQUEST_URL_INVALID');
  });
});
