import { expect, type Locator, type Page, test } from '@playwright/test';
import { connectAgent } from './mcp-agent';
import { LIVE_MS, signUp, uniqueEmail } from './support';

const AGENT = 'flow-bot';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function api(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string }>;
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Page | Locator, key: string) =>
  scope.getByRole('link', { name: new RegExp(`^${key}\\b`) });

test('an agent drives the real server with the MCP SDK client; the open board shows every step live', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);

  // A person signs up, creates a project through the form, an agent profile and a key bound to it.
  await signUp(page, { name: 'Ada Lovelace', email: uniqueEmail('agent-flow') });
  await page.goto('/dashboard/projects');
  await page.getByRole('button', { name: 'New project' }).first().click();
  const projectDialog = page.getByRole('dialog', { name: 'New project' });
  await projectDialog.getByLabel('Name').fill('Flow Works');
  await projectDialog.getByLabel('Key').fill('FLOW');
  await projectDialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { name: 'Flow Works', level: 1 })).toBeVisible();
  const projectUrl = new URL(page.url()).pathname;
  expect(projectUrl).toMatch(/^\/dashboard\/projects\/[^/]+$/);

  await api(page, '/agents', { name: AGENT, description: 'Walks tasks across the board' });

  await page.goto('/dashboard/settings/developer/api-keys');
  await page.getByLabel('Key name').fill('Flow agent');
  await page.getByLabel('Acts as agent').selectOption(AGENT);
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByLabel('New API key');
  await expect(shown).toHaveValue(/^sb_/);
  const key = await shown.inputValue();

  // The board, open and listening; nothing is reloaded from here on.
  await page.goto(projectUrl);
  await expect(column(page, 'Todo')).toBeVisible();
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();

  const agent = await connectAgent(key, '?project=FLOW&toolsets=all');
  let taskPage: Page | undefined;
  try {
    // 1. tools/list: every group of tools, described with this organization's agent names.
    const { tools } = await agent.client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const name of [
      'get-project',
      'create-task',
      'list-tasks',
      'get-task',
      'update-task',
      'move-task',
      'claim-task',
      'release-task',
      'next-task',
      'report-usage',
      'request-input',
      'create-task-comment',
      'list-task-comments',
      'create-work-unit',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(JSON.stringify(tools.find((tool) => tool.name === 'create-task')?.inputSchema)).toContain(AGENT);

    // 2. create-task: the card appears in Todo with its criteria at 0/2.
    const created = await agent.call('create-task', {
      title: 'Ship the agent flow',
      assignee: AGENT,
      acceptanceCriteria: [{ text: 'Board updates live' }, { text: 'Usage is reported' }],
    });
    expect(created).toMatchObject({ key: 'FLOW-1', status: 'Todo' });
    const todoCard = card(column(page, 'Todo'), 'FLOW-1');
    await expect(todoCard).toBeVisible({ timeout: LIVE_MS });
    await expect(todoCard).toContainText('Ship the agent flow');
    await expect(todoCard).toContainText('0/2');
    await expect(todoCard).not.toContainText('Claimed by');

    // The task page in a second tab of the same browser, also listening.
    taskPage = await context.newPage();
    await taskPage.goto(`${projectUrl}/tasks/FLOW-1`);
    await expect(taskPage.getByRole('heading', { name: /Task chat/ })).toBeVisible();
    await expect(taskPage.locator('[data-realtime="live"]')).toBeVisible();
    const taskActivity = taskPage.getByRole('region', { name: 'Activity', exact: true });
    await expect(taskActivity).toContainText(`${AGENT} (agent) created task FLOW-1 Ship the agent flow`);

    // 3. claim-task: the card names the claim holder.
    const claimed = await agent.call('claim-task', { task: 'FLOW-1' });
    expect(claimed).toMatchObject({ claimed: true, key: 'FLOW-1' });
    await expect(todoCard).toContainText(`Claimed by ${AGENT}`, { timeout: LIVE_MS });
    await expect(taskPage.getByText(`Claimed by ${AGENT} until`)).toBeVisible({ timeout: LIVE_MS });

    // 4. move-task to In Progress: the card leaves Todo for In Progress, still claimed.
    const moved = await agent.call('move-task', { task: 'FLOW-1', status: 'In Progress' });
    expect(moved).toMatchObject({ status: 'In Progress' });
    const progressCard = card(column(page, 'In Progress'), 'FLOW-1');
    await expect(progressCard).toBeVisible({ timeout: LIVE_MS });
    await expect(card(column(page, 'Todo'), 'FLOW-1')).toHaveCount(0);
    await expect(progressCard).toContainText(`Claimed by ${AGENT}`);

    // 5. create-task-comment: the comment appears on the open task page, by the agent.
    await agent.call('create-task-comment', {
      task: 'FLOW-1',
      body: 'Started: wiring the **event stream** first.',
    });
    const comments = taskPage.getByRole('list', { name: 'Comments' });
    const comment = comments.getByRole('article', { name: `${AGENT}'s comment` });
    await expect(comment).toContainText('Started: wiring the', { timeout: LIVE_MS });
    await expect(comment.locator('strong', { hasText: 'event stream' })).toBeVisible();

    // 6. report-usage: the project header and the task page show the totals.
    await agent.call('report-usage', {
      task: 'FLOW-1',
      inputTokens: 12_000,
      outputTokens: 3_400,
      costUsd: 0.42,
    });
    await expect(page.getByText('12K tokens in · 3.4K out · $0.42')).toBeVisible({ timeout: LIVE_MS });
    await expect(taskPage.getByLabel('Agent usage')).toContainText('$0.42', { timeout: LIVE_MS });
    await expect(taskPage.getByLabel('Agent usage')).toContainText('Tokens in12K');

    // 7. update-task checking both criteria: the card reads 2/2.
    await agent.call('update-task', { task: 'FLOW-1', check: [0, 'Usage is reported'] });
    const checked = await agent.call('get-task', { task: 'FLOW-1' });
    expect(checked).toMatchObject({
      acceptanceCriteria: [
        { text: 'Board updates live', checked: true },
        { text: 'Usage is reported', checked: true },
      ],
    });
    await expect(progressCard).toContainText('2/2', { timeout: LIVE_MS });
    await expect(taskPage.getByRole('checkbox', { name: 'Board updates live' })).toBeChecked({
      timeout: LIVE_MS,
    });
    await expect(taskPage.getByRole('checkbox', { name: 'Usage is reported' })).toBeChecked({
      timeout: LIVE_MS,
    });

    // 8. move-task to Done: the card is in Done, and moving it there gave the claim back.
    const done = await agent.call('move-task', { task: 'FLOW-1', status: 'Done' });
    expect(done).toMatchObject({ status: 'Done', claimedBy: null });
    const doneCard = card(column(page, 'Done'), 'FLOW-1');
    await expect(doneCard).toBeVisible({ timeout: LIVE_MS });
    await expect(card(column(page, 'In Progress'), 'FLOW-1')).toHaveCount(0);
    await expect(doneCard).toContainText('2/2');
    await expect(doneCard).not.toContainText('Claimed by', { timeout: LIVE_MS });
    // The totals stay.
    await expect(page.getByText('12K tokens in · 3.4K out · $0.42')).toBeVisible();

    // The activity names the agent as the actor of every step: live on the task page …
    for (const summary of [
      'created task FLOW-1 Ship the agent flow',
      'claimed FLOW-1',
      'moved FLOW-1 from Todo to In Progress',
      'reported 15400 tokens ($0.42) on FLOW-1',
      'updated FLOW-1: acceptance criteria: checked "Board updates live", "Usage is reported"',
      'moved FLOW-1 from In Progress to Done',
    ]) {
      await expect(taskActivity.getByRole('listitem').filter({ hasText: summary })).toContainText(
        `${AGENT} (agent) ${summary}`,
        { timeout: LIVE_MS },
      );
    }
    // … and on the project's Activity tab, reached without a reload.
    await page
      .getByRole('navigation', { name: 'Project views' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await expect(page).toHaveURL(/view=activity/);
    const feed = page.getByRole('main');
    for (const summary of [
      'created task FLOW-1 Ship the agent flow',
      'claimed FLOW-1',
      'moved FLOW-1 from Todo to In Progress',
      'commented on FLOW-1',
      'reported 15400 tokens ($0.42) on FLOW-1',
      'updated FLOW-1: acceptance criteria: checked "Board updates live", "Usage is reported"',
      'moved FLOW-1 from In Progress to Done',
    ]) {
      await expect(feed.getByRole('listitem').filter({ hasText: summary })).toContainText(
        `${AGENT} (agent) ${summary}`,
      );
    }
  } finally {
    await agent.close();
    await taskPage?.close();
  }
});
