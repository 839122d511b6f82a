import { expect, type Page, test } from '@playwright/test';
import { connectAgent } from './mcp-agent';
import { LIVE_MS, signUp, uniqueEmail } from './support';

const AGENT = 'inbox-bot';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function api(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

test('a mention and an agent’s question reach the inbox live, and the answer from the inbox reaches the agent', async ({
  page,
}) => {
  test.setTimeout(120_000);

  const email = uniqueEmail('inbox');
  const handle = email.split('@')[0] ?? '';
  await signUp(page, { name: 'Katherine Johnson', email });
  const project = await api(page, '/projects', { name: 'Inbox Trip', key: 'INB' });
  const task = await api(page, `/projects/${project.id}/tasks`, { title: 'Plot the trajectory' });
  await api(page, '/agents', { name: AGENT, description: 'Mentions and asks' });

  await page.goto('/dashboard/settings/developer/api-keys');
  await page.getByLabel('Key name').fill('Inbox agent');
  await page.getByLabel('Acts as agent').selectOption(AGENT);
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByLabel('New API key');
  await expect(shown).toHaveValue(/^sb_/);
  const key = await shown.inputValue();

  const agent = await connectAgent(key, '?project=INB', { name: 'e2e-inbox-agent', version: '1.0.0' });
  try {
    // The inbox, open and listening; nothing is reloaded from here on.
    await page.goto('/dashboard/inbox');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    await expect(page.locator('[data-realtime="live"]')).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(sidebar.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
    await expect(page.getByText('Your inbox is empty')).toBeVisible();

    // 1. The agent mentions the person in a comment: the badge and the list update by themselves.
    await agent.call('create-task-comment', { task: task.key, body: `@${handle} the numbers check out` });
    await expect(sidebar.getByRole('link', { name: 'Inbox 1 unread' })).toBeVisible({ timeout: LIVE_MS });
    const list = page.getByRole('list', { name: 'Notifications' });
    const mention = list.getByRole('listitem', { name: /^Unread: inbox-bot mentioned you/ });
    await expect(mention).toContainText('the numbers check out', { timeout: LIVE_MS });

    // 2. The agent asks: a second unread entry, with the question and a box to answer it.
    await agent.call('claim-task', { task: task.key });
    await agent.call('request-input', { question: 'Launch window at 9:30 or 10:00?' });
    await expect(sidebar.getByRole('link', { name: 'Inbox 2 unread' })).toBeVisible({ timeout: LIVE_MS });
    const question = list.getByRole('listitem', { name: /asks for your input/ });
    await expect(question).toContainText('Launch window at 9:30 or 10:00?', { timeout: LIVE_MS });

    // 3. Answered from the inbox: the waiting agent gets it, and the entry is read.
    const waiting = agent.call('get-input', { task: task.key, wait: 30 });
    await question.getByLabel(`Your answer to ${AGENT}`).fill('9:30');
    await question.getByRole('button', { name: 'Send answer' }).click();
    expect(await waiting).toMatchObject({ answered: true, answer: '9:30', answeredBy: 'Katherine Johnson' });
    await expect(sidebar.getByRole('link', { name: 'Inbox 1 unread' })).toBeVisible({ timeout: LIVE_MS });
    await expect(question.getByRole('button', { name: 'Send answer' })).toHaveCount(0);

    // 4. Unread only, then everything read at once.
    await page
      .getByRole('navigation', { name: 'Filter notifications' })
      .getByRole('link', { name: /^Unread/ })
      .click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(sidebar.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
    await expect(page.getByText('Nothing unread')).toBeVisible();

    // 5. Opening an entry goes to its task.
    await page
      .getByRole('navigation', { name: 'Filter notifications' })
      .getByRole('link', { name: 'All' })
      .click();
    await list.getByRole('link', { name: /mentioned you/ }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.key}$`));
    await expect(page.getByRole('heading', { name: /Task chat/ })).toBeVisible();
  } finally {
    await agent.close();
  }
});

test('a mention in a plan’s conversation opens that plan from the inbox', async ({ page }) => {
  test.setTimeout(90_000);

  const email = uniqueEmail('plan-mention');
  const handle = email.split('@')[0] ?? '';
  await signUp(page, { name: 'Dorothy Vaughan', email });
  const project = await api(page, '/projects', { name: 'Plan Talk', key: 'PTK' });
  await api(page, '/agents', { name: AGENT, description: 'Mentions and asks' });
  const { key } = await api(page, '/auth/api-key/create', {
    name: 'Planning agent',
    metadata: { agentName: AGENT },
  });

  // The agent proposes a plan and asks the person about it, as a CLI agent would: with its key only.
  const asAgent = async (path: string, data: unknown) => {
    const response = await fetch(new URL(`/api/v1${path}`, test.info().project.use.baseURL), {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(data),
    });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
    return (await response.json()) as { id: string };
  };
  const plan = await asAgent(`/projects/${project.id}/plans`, {
    title: 'Orbit maths',
    items: [{ key: 'T1', kind: 'task', title: 'Check the orbit' }],
  });
  await asAgent(`/plans/${plan.id}/messages`, { body: `@${handle} does T1 look right to you?` });

  await page.goto('/dashboard/inbox');
  const list = page.getByRole('list', { name: 'Notifications' });
  const entry = list.getByRole('link', { name: `${AGENT} mentioned you on the plan "Orbit maths"` });
  await expect(entry).toHaveAttribute('href', `/dashboard/projects/${project.id}?view=plan&plan=${plan.id}`);
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${project.id}\\?view=plan&plan=${plan.id}$`));
  await expect(page.getByRole('heading', { name: 'Orbit maths' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Plan messages' })).toContainText('does T1 look right to you?');
});
