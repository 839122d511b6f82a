import { expect, type Page, test } from '@playwright/test';
import { connectAgent } from './mcp-agent';
import { LIVE_MS, signUp, uniqueEmail } from './support';

const AGENT = 'asking-bot';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function api(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

test('an agent asks, the question shows live, a person answers it on the dashboard and the agent carries on', async ({
  page,
}) => {
  test.setTimeout(120_000);

  await signUp(page, { name: 'Grace Hopper', email: uniqueEmail('agent-questions') });
  const project = await api(page, '/projects', { name: 'Question Time', key: 'QNA' });
  const task = await api(page, `/projects/${project.id}/tasks`, { title: 'Choose the database' });
  await api(page, '/agents', { name: AGENT, description: 'Asks before it guesses' });

  await page.goto('/dashboard/settings/developer/api-keys');
  await page.getByLabel('Key name').fill('Asking agent');
  await page.getByLabel('Acts as agent').selectOption(AGENT);
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByLabel('New API key');
  await expect(shown).toHaveValue(/^sb_/);
  const key = await shown.inputValue();

  const agent = await connectAgent(key, '?project=QNA', { name: 'e2e-asking-agent', version: '1.0.0' });
  try {
    await agent.call('claim-task', { task: task.key });

    // Active sessions, open and listening; nothing is reloaded from here on.
    await page.goto('/dashboard/active-sessions');
    await expect(page.locator('[data-realtime="live"]')).toBeVisible();
    const session = page.getByRole('listitem', { name: `${AGENT} session` });
    await expect(session.locator('[data-status="active"]')).toBeVisible({ timeout: LIVE_MS });

    // 1. request-input: the card turns to awaiting input and shows the question with a form.
    const asked = await agent.call('request-input', { question: 'PostgreSQL or SQLite?' });
    expect(asked).toMatchObject({ task: task.key, status: 'awaiting_input' });
    await expect(session.locator('[data-status="awaiting_input"]')).toBeVisible({ timeout: LIVE_MS });
    await expect(page.getByRole('heading', { name: /Waiting for your input/ })).toBeVisible();
    await expect(session).toContainText('PostgreSQL or SQLite?');

    // Not answered yet: the agent's get-input says so at once.
    expect(await agent.call('get-input', { wait: 0 })).toMatchObject({ answered: false });

    // 2. The person answers on the card; the agent waiting in get-input gets it.
    const waiting = agent.call('get-input', { task: task.key, wait: 30 });
    await session.getByLabel(`Your answer to ${AGENT}`).fill('PostgreSQL, please');
    await session.getByRole('button', { name: 'Send answer' }).click();
    expect(await waiting).toMatchObject({
      answered: true,
      answer: 'PostgreSQL, please',
      answeredBy: 'Grace Hopper',
      task: task.key,
    });

    // 3. The session shows active again, and nobody waits any more.
    await expect(session.locator('[data-status="active"]')).toBeVisible({ timeout: LIVE_MS });
    await expect(page.getByRole('heading', { name: /Waiting for your input/ })).toHaveCount(0);
    await expect(session.getByRole('button', { name: 'Send answer' })).toHaveCount(0);

    // 4. On the task's page, a new question shows above the chat and is answered there.
    await page.goto(`/dashboard/projects/${project.id}/tasks/${task.key}`);
    await expect(page.getByRole('heading', { name: /Task chat/ })).toBeVisible();
    await expect(page.locator('[data-realtime="live"]')).toBeVisible();
    await agent.call('request-input', { question: 'Ship it on Friday?' });
    const open = page.getByRole('region', { name: 'An agent is waiting for your answer' });
    await expect(open).toContainText('Ship it on Friday?', { timeout: LIVE_MS });
    const second = agent.call('get-input', { wait: 30 });
    await open.getByLabel(`Your answer to ${AGENT}`).fill('Monday is safer');
    await open.getByRole('button', { name: 'Send answer' }).click();
    expect(await second).toMatchObject({ answered: true, answer: 'Monday is safer' });
    await expect(open).toHaveCount(0);
    const comments = page.getByRole('list', { name: 'Comments' });
    await expect(comments.getByRole('article', { name: "Grace Hopper's comment" }).last()).toContainText(
      'Monday is safer',
    );
  } finally {
    await agent.close();
  }
});
