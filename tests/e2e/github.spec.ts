import { createHmac, randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from './accessibility';
import { inviteMember, postAsPage, signUp, uniqueEmail } from './support';

/**
 * One webhook delivery as GitHub sends it: the raw JSON body signed with the repository's secret, and
 * no cookie (a request with the page's cookie would be a cross-site write, and refused).
 */
async function deliver(
  github: APIRequestContext,
  webhookUrl: string,
  secret: string,
  event: string,
  payload: unknown,
) {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  const response = await github.post(new URL(webhookUrl).pathname, {
    data: body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': signature,
    },
  });
  expect(response.status(), await response.text()).toBe(202);
}

function pullRequest(action: string, branch: string, sha: string, closed?: { merged: boolean }) {
  return {
    action,
    number: 7,
    pull_request: {
      number: 7,
      html_url: 'https://github.com/acme/api/pull/7',
      title: 'Add the sign-in form',
      body: null,
      state: closed ? 'closed' : 'open',
      draft: false,
      merged: closed?.merged ?? false,
      head: { ref: branch, sha },
    },
    repository: { full_name: 'acme/api', default_branch: 'main' },
  };
}

const checkSuite = (sha: string, status: string, conclusion: string | null) => ({
  action: status === 'completed' ? 'completed' : 'requested',
  check_suite: { id: 41, head_sha: sha, status, conclusion },
});

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Page | Locator, key: string) =>
  scope.getByRole('link', { name: new RegExp(`^${key}\\b`) });

test('a connected repository links a pull request to its task, which follows it across the board', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Gita Github', email: uniqueEmail('github') });
  const project = await postAsPage(page, '/projects', { name: 'Hub', key: 'HUB' });

  // From the board, the header's Repositories link opens the screen; nothing is connected yet.
  await page.goto(`/dashboard/projects/${project.id}`);
  await page.getByRole('link', { name: 'Repositories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Repositories' })).toBeVisible();
  await expect(page.getByText('No repository is connected yet.')).toBeVisible();

  // A bad owner is refused on its field before anything is sent.
  const form = page.getByRole('form', { name: 'Connect a repository' });
  await form.getByLabel('Owner').fill('-acme');
  await form.getByLabel('Repository').fill('api');
  await form.getByRole('button', { name: 'Connect repository' }).click();
  await expect(form.getByText('Must be a GitHub user or organization name')).toBeVisible();

  // Connected without a token: the secret shows once, with the webhook URL to paste beside it.
  await form.getByLabel('Owner').fill('acme');
  await form.getByRole('button', { name: 'Connect repository' }).click();
  await expect(page.getByRole('heading', { name: 'Copy the webhook secret for acme/api now' })).toBeVisible();
  const secretField = page.getByRole('textbox', { name: 'Webhook secret', exact: true });
  await expect(secretField).not.toHaveValue('');
  const firstSecret = await secretField.inputValue();
  const repository = page.getByRole('listitem', { name: 'acme/api' });
  const webhookUrl = await repository.getByRole('textbox', { name: 'Webhook URL', exact: true }).inputValue();
  expect(webhookUrl).toMatch(/\/api\/v1\/webhooks\/github\/[^/]+$/);
  await expect(repository.getByText('None; commit statuses are not reported')).toBeVisible();
  await expect(
    page.getByRole('switch', { name: 'Opened pull requests move the task to review' }),
  ).toBeChecked();
  expect(await seriousViolations(page, 'repositories')).toEqual([]);

  // Hiding the secret takes it off the page for good.
  await page.getByRole('button', { name: 'I have stored it; hide the secret' }).click();
  await expect(secretField).toHaveCount(0);

  // Without a token there is nothing to test; a token is stored and taken away again.
  await repository.getByRole('button', { name: 'Send test' }).click();
  await expect(repository.getByRole('status')).toHaveText(/This repository has no token/);
  await repository.getByRole('button', { name: 'Add token' }).click();
  const tokenDialog = page.getByRole('dialog', { name: 'Token for acme/api' });
  await tokenDialog.getByLabel('New token').fill('short');
  await tokenDialog.getByRole('button', { name: 'Save token' }).click();
  await expect(tokenDialog.getByText('Must be a GitHub token')).toBeVisible();
  await tokenDialog.getByLabel('New token').fill('github_pat_0123456789abcdefghij');
  await tokenDialog.getByRole('button', { name: 'Save token' }).click();
  await expect(repository.getByText('Stored; commit statuses are reported')).toBeVisible();
  await repository.getByRole('button', { name: 'Change token' }).click();
  await tokenDialog.getByRole('button', { name: 'Remove the token' }).click();
  await expect(repository.getByText('None; commit statuses are not reported')).toBeVisible();

  // A rotated secret is a new one, shown once again; the journey signs with it from here on.
  await repository.getByRole('button', { name: 'Rotate secret' }).click();
  await page
    .getByRole('dialog', { name: 'Rotate the secret of acme/api?' })
    .getByRole('button', { name: 'Rotate secret' })
    .click();
  await expect(secretField).not.toHaveValue('');
  const secret = await secretField.inputValue();
  expect(secret).not.toBe(firstSecret);

  // A switch turned off stays off.
  const closedComment = page.getByRole('switch', { name: 'Closed pull requests add a comment' });
  await closedComment.click();
  await expect(closedComment).not.toBeChecked();
  await expect(closedComment).toBeEnabled();
  await page.reload();
  await expect(closedComment).not.toBeChecked();

  const task = await postAsPage(page, `/projects/${project.id}/tasks`, { title: 'Draw the sign-in form' });
  await page.goto(`/dashboard/projects/${project.id}`);
  await expect(card(column(page, 'Todo'), task.key)).toBeVisible();
  // The board hears changes only once its stream is open; a delivery sent before would go unseen.
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();

  // A pull request from a branch naming the task: the card shows it and moves to review, live.
  const branch = `${task.key.toLowerCase()}-sign-in-form`;
  const sha = 'a1b2c3d4e5f6';
  await deliver(request, webhookUrl, secret, 'pull_request', pullRequest('opened', branch, sha));
  const reviewCard = card(column(page, 'Review'), task.key);
  await expect(reviewCard).toBeVisible();
  await expect(reviewCard.getByRole('img', { name: 'Pull request #7, open' })).toBeVisible();

  // CI on its head commit colours the badge: pending, then success.
  await deliver(request, webhookUrl, secret, 'check_suite', checkSuite(sha, 'in_progress', null));
  await expect(reviewCard.getByRole('img', { name: 'Pull request #7, open, checks pending' })).toBeVisible();
  await deliver(request, webhookUrl, secret, 'check_suite', checkSuite(sha, 'completed', 'success'));
  await expect(reviewCard.getByRole('img', { name: 'Pull request #7, open, checks passed' })).toBeVisible();

  // The task page lists the pull request with a link to GitHub.
  await reviewCard.click();
  const code = page.getByRole('region', { name: 'Code on GitHub' });
  await expect(code.getByRole('link', { name: /acme\/api#7 Add the sign-in form/ })).toHaveAttribute(
    'href',
    'https://github.com/acme/api/pull/7',
  );
  await expect(code.getByText('Checks passed')).toBeVisible();

  // Merged: the task goes to done, and the page says so without a reload.
  await deliver(
    request,
    webhookUrl,
    secret,
    'pull_request',
    pullRequest('closed', branch, sha, { merged: true }),
  );
  await expect(code.getByText('Merged', { exact: true })).toBeVisible();
  await page.goto(`/dashboard/projects/${project.id}`);
  await expect(
    card(column(page, 'Done'), task.key).getByRole('img', { name: 'Pull request #7, merged, checks passed' }),
  ).toBeVisible();
});

test('a member sees the connected repositories read-only', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signUp(page, { name: 'Olga Owner', email: uniqueEmail('github-owner') });
  const project = await postAsPage(page, '/projects', { name: 'Hub', key: 'HUB' });
  await postAsPage(page, `/projects/${project.id}/repositories`, { owner: 'acme', name: 'web' });
  const member = await inviteMember(page, browser, 'Max Member', 'github-member');

  await member.goto(`/dashboard/projects/${project.id}/settings/repositories`);
  const repository = member.getByRole('listitem', { name: 'acme/web' });
  await expect(repository.getByRole('textbox', { name: 'Webhook URL', exact: true })).toHaveValue(
    /\/api\/v1\/webhooks\/github\//,
  );
  await expect(member.getByText('Owners and admins connect repositories')).toBeVisible();
  await expect(repository.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
  await expect(repository.getByRole('button', { name: 'Send test' })).toHaveCount(0);
  await expect(member.getByRole('form', { name: 'Connect a repository' })).toHaveCount(0);
  await expect(
    member.getByRole('switch', { name: 'Merged pull requests move the task to done' }),
  ).toBeDisabled();
  await member.context().close();
});
