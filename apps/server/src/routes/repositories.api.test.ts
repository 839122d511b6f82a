import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubRepository } from '../db/schema';
import { createApiKey, sendWithKey } from '../testing/agents';
import { type FakeGithub, NO_OAUTH_CLIENT, startFakeGithub } from '../testing/fake-github';
import { deliver, pullRequestPayload } from '../testing/github-deliveries';
import { useOrganizationFixture, WRITER_ROLES } from '../testing/organization-fixture';
import { createTask, type Json } from '../testing/projects';

/*
 * A project's connected repositories: owners and admins connect, change and disconnect them; every
 * member reads them; another organization finds none of it. The token is sealed and never answered.
 */

const TOKEN = 'github_pat_repositories_test_0123456789';
let github: FakeGithub;

beforeAll(async () => {
  github = await startFakeGithub(NO_OAUTH_CLIENT);
  github.repositoryTokens.set(TOKEN, 'acme/web');
});

const fixture = useOrganizationFixture({
  server: () => ({ env: { GITHUB_API_URL: github.url, GITHUB_WEB_URL: github.url } }),
});
const { call } = fixture;

afterAll(async () => {
  await github?.close();
});

const repositoriesOf = (projectId: string) => `/api/v1/projects/${projectId}/repositories`;
let connections = 0;

async function connect(body: Json = {}): Promise<Json> {
  connections += 1;
  const answer = await call(fixture.owner, 'POST', repositoriesOf(fixture.project.id), {
    owner: 'acme',
    name: `repo-${connections}`,
    ...body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

describe('connecting a repository', () => {
  it.each(WRITER_ROLES)(
    '%s connects one, sees the secret once, lists, rotates and disconnects it',
    async (role) => {
      const person = fixture[role];
      const created = await call(person, 'POST', repositoriesOf(fixture.project.id), {
        owner: 'acme',
        name: `${role}-service`,
        token: TOKEN,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({
        projectId: fixture.project.id,
        fullName: `acme/${role}-service`,
        url: `${github.url}/acme/${role}-service`,
        hasToken: true,
        webhookUrl: `${fixture.server.env.API_URL}/api/v1/webhooks/github/${created.body.id}`,
        lastDeliveryAt: null,
        statusDelivery: { waiting: 0, lastError: null, lastDeliveredAt: null },
      });
      expect(created.body.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(created.body)).not.toContain(TOKEN);

      const listed = await call(fixture.member, 'GET', repositoriesOf(fixture.project.id));
      const mine = listed.body.items.find((item: Json) => item.id === created.body.id);
      expect(mine.hasToken).toBe(true);
      expect(mine.webhookSecret).toBeUndefined();
      expect(JSON.stringify(listed.body)).not.toContain(TOKEN);

      const rotated = await call(
        person,
        'POST',
        `${repositoriesOf(fixture.project.id)}/${created.body.id}/webhook-secret`,
      );
      expect(rotated.status).toBe(200);
      expect(rotated.body.webhookSecret).not.toBe(created.body.webhookSecret);
      const ping = { zen: 'Design for failure.' };
      expect((await deliver(fixture.server, created.body, 'ping', ping)).status).toBe(401);
      expect((await deliver(fixture.server, rotated.body, 'ping', ping)).status).toBe(202);

      const removed = await call(
        person,
        'DELETE',
        `${repositoriesOf(fixture.project.id)}/${created.body.id}`,
      );
      expect(removed.status).toBe(200);
      expect(removed.body.deleted.id).toBe(created.body.id);
      const after = await deliver(fixture.server, rotated.body, 'ping', ping);
      expect(after.status).toBe(404);
      expect(after.body.error.code).toBe('REPOSITORY_NOT_FOUND');
    },
  );

  it('keeps the token and the webhook secret sealed at rest', async () => {
    const created = await connect({ token: TOKEN });
    const [row] = await fixture.server.server.database.db
      .select()
      .from(githubRepository)
      .where(eq(githubRepository.id, created.id));
    expect(row?.sealedToken).toMatch(/^v1\./);
    expect(row?.sealedToken).not.toContain(TOKEN);
    expect(row?.sealedWebhookSecret).not.toContain(created.webhookSecret);
  });

  it('refuses the same repository twice in a project, whatever its case', async () => {
    const created = await connect();
    const again = await call(fixture.admin, 'POST', repositoriesOf(fixture.project.id), {
      owner: 'ACME',
      name: created.name.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('REPOSITORY_ALREADY_CONNECTED');
  });

  it('refuses bad input with the field named', async () => {
    const cases: [Json, string][] = [
      [{ owner: '-acme', name: 'api' }, 'owner'],
      [{ owner: 'acme', name: '..' }, 'name'],
      [{ owner: 'acme', name: 'a b' }, 'name'],
      [{ owner: 'acme', name: 'api', token: 'short' }, 'token'],
      [{ owner: 'acme', name: 'api', token: 'has spaces in it, more than twenty' }, 'token'],
      [{ owner: 'acme', name: 'api', extra: true }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const answer = await call(fixture.owner, 'POST', repositoriesOf(fixture.project.id), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
      expect(answer.body.error.message).toContain(field);
    }
  });
});

describe('the token', () => {
  it('send test asks GitHub with the token: accepted, refused, or missing', async () => {
    const good = await call(fixture.owner, 'POST', repositoriesOf(fixture.project.id), {
      owner: 'acme',
      name: 'web',
      token: TOKEN,
    });
    const testOf = (id: string) => `${repositoriesOf(fixture.project.id)}/${id}/test`;
    const checked = await call(fixture.admin, 'POST', testOf(good.body.id));
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body).toMatchObject({ fullName: 'acme/web', canWriteStatuses: true });

    const replaced = await call(
      fixture.owner,
      'PATCH',
      `${repositoriesOf(fixture.project.id)}/${good.body.id}`,
      {
        token: 'github_pat_that_github_does_not_know',
      },
    );
    expect(replaced.body.hasToken).toBe(true);
    const refused = await call(fixture.owner, 'POST', testOf(good.body.id));
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('GITHUB_TOKEN_REFUSED');
    expect(refused.body.error.message).toContain('Bad credentials');

    const removed = await call(
      fixture.owner,
      'PATCH',
      `${repositoriesOf(fixture.project.id)}/${good.body.id}`,
      {
        token: null,
      },
    );
    expect(removed.body.hasToken).toBe(false);
    const missing = await call(fixture.owner, 'POST', testOf(good.body.id));
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe('GITHUB_TOKEN_MISSING');
  });
});

describe('who may do what', () => {
  it('a member and an agent read, but neither connects, changes nor disconnects', async () => {
    const created = await connect();
    const path = `${repositoriesOf(fixture.project.id)}/${created.id}`;
    expect((await call(fixture.member, 'GET', repositoriesOf(fixture.project.id))).status).toBe(200);
    const refusals = [
      await call(fixture.member, 'POST', repositoriesOf(fixture.project.id), { owner: 'acme', name: 'mine' }),
      await call(fixture.member, 'PATCH', path, { token: null }),
      await call(fixture.member, 'POST', `${path}/webhook-secret`),
      await call(fixture.member, 'POST', `${path}/test`),
      await call(fixture.member, 'DELETE', path),
      await call(fixture.member, 'PATCH', `/api/v1/projects/${fixture.project.id}/code-moves`, {
        version: 0,
        mergedMovesToDone: false,
      }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(refusal.body.error.code).toBe('FORBIDDEN');
    }
    // A key acts with the member role, even one an owner made.
    const key = (await createApiKey(fixture.owner, { name: 'script' })).key;
    const byKey = await sendWithKey(fixture.server, key, 'POST', repositoriesOf(fixture.project.id), {
      owner: 'acme',
      name: 'by-key',
    });
    expect(byKey.status).toBe(403);
    expect((await sendWithKey(fixture.server, key, 'GET', repositoriesOf(fixture.project.id))).status).toBe(
      200,
    );
  });

  it("another organization's project and repository are not found, never forbidden", async () => {
    const created = await connect();
    const path = `${repositoriesOf(fixture.project.id)}/${created.id}`;
    const attempts: [string, string, Json?][] = [
      ['GET', repositoriesOf(fixture.project.id)],
      ['POST', repositoriesOf(fixture.project.id), { owner: 'acme', name: 'taken-over' }],
      ['PATCH', path, { token: null }],
      ['POST', `${path}/webhook-secret`],
      ['POST', `${path}/test`],
      ['DELETE', path],
      ['GET', `/api/v1/projects/${fixture.project.id}/code-moves`],
      ['PATCH', `/api/v1/projects/${fixture.project.id}/code-moves`, { version: 0 }],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await call(fixture.outsider, method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body.error.code).toBe('PROJECT_NOT_FOUND');
    }
    // Their own project's path with our repository's id finds nothing either.
    const crossed = await call(
      fixture.outsider,
      'DELETE',
      `${repositoriesOf(fixture.outsiderProject.id)}/${created.id}`,
    );
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.code).toBe('REPOSITORY_NOT_FOUND');
    const listed = await call(fixture.owner, 'GET', repositoriesOf(fixture.project.id));
    expect(listed.body.items.map((item: Json) => item.id)).toContain(created.id);
  });
});

describe('code moves', () => {
  it('are all on until changed, and a stale version is refused', async () => {
    const path = `/api/v1/projects/${fixture.project.id}/code-moves`;
    const read = await call(fixture.member, 'GET', path);
    expect(read.body).toEqual({
      openedMovesToReview: true,
      mergedMovesToDone: true,
      closedAddsComment: true,
      version: 0,
    });
    const changed = await call(fixture.admin, 'PATCH', path, { version: 0, closedAddsComment: false });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({
      openedMovesToReview: true,
      mergedMovesToDone: true,
      closedAddsComment: false,
      version: 1,
    });
    const stale = await call(fixture.owner, 'PATCH', path, { version: 0, mergedMovesToDone: false });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('VERSION_CONFLICT');
    expect((await call(fixture.owner, 'PATCH', path, { version: 1, closedAddsComment: 'no' })).status).toBe(
      400,
    );
  });
});

describe('linking a pull request by its address', () => {
  it('links a pull request of a connected repository; other addresses are refused', async () => {
    const created = await connect({ name: 'linked' });
    const task = await createTask(fixture.server, fixture.member, fixture.project, 'Linked by hand');
    const path = `/api/v1/tasks/${task.key}/pull-requests`;
    const url = `${github.url}/Acme/Linked/pull/7`;
    const linked = await call(fixture.member, 'POST', path, { url });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.development.pullRequests).toEqual([
      {
        repository: 'acme/linked',
        number: 7,
        url: `${github.url}/acme/linked/pull/7`,
        title: 'acme/linked#7',
        state: 'open',
        checks: null,
        headSha: null,
      },
    ]);
    // Linking again changes nothing; the next delivery fills in what GitHub knows.
    expect((await call(fixture.member, 'POST', path, { url })).body.development.pullRequests).toHaveLength(1);
    await deliver(
      fixture.server,
      created,
      'pull_request',
      pullRequestPayload({
        action: 'edited',
        number: 7,
        title: 'Real title',
        sha: 'd1',
        repository: 'acme/linked',
      }),
    );
    const read = await call(fixture.member, 'GET', `/api/v1/tasks/${task.key}`);
    expect(read.body.development.pullRequests[0]).toMatchObject({ title: 'Real title', headSha: 'd1' });

    for (const bad of [
      'not a url',
      'https://example.com/acme/linked/pull/7',
      `${github.url}/acme/linked/issues/7`,
      `${github.url}/acme/not-connected/pull/7`,
    ]) {
      const answer = await call(fixture.member, 'POST', path, { url: bad });
      expect(answer.status, bad).toBe(422);
      expect(answer.body.error.code).toBe('PULL_REQUEST_URL_INVALID');
    }
    const outsider = await call(fixture.outsider, 'POST', path, { url });
    expect(outsider.status).toBe(404);
    expect(outsider.body.error.code).toBe('TASK_NOT_FOUND');
  });

  it('disconnecting the repository takes its pull requests off the tasks', async () => {
    const created = await connect({ name: 'gone' });
    const task = await createTask(fixture.server, fixture.owner, fixture.project, 'Loses its link');
    await call(fixture.owner, 'POST', `/api/v1/tasks/${task.key}/pull-requests`, {
      url: `${github.url}/acme/gone/pull/3`,
    });
    await call(fixture.owner, 'DELETE', `${repositoriesOf(fixture.project.id)}/${created.id}`);
    const read = await call(fixture.owner, 'GET', `/api/v1/tasks/${task.key}`);
    expect(read.body.development).toEqual({ branches: [], pullRequests: [] });
    const activity = await call(fixture.owner, 'GET', `/api/v1/activity?entityId=${task.id}`);
    expect(activity.body.items[0].summary).toBe('disconnected acme/gone');
  });
});
