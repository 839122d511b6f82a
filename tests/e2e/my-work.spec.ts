import { expect, type Page, test } from '@playwright/test';
import { connectAgent } from './mcp-agent';
import { LIVE_MS, signUp, uniqueEmail } from './support';

const AGENT = 'my-work-bot';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function api(page: Page, method: 'POST' | 'PATCH', path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string; version: number }>;
}

test('my work: a task assigned to me shows up live, and my agent’s question is answered from there', async ({
  page,
}) => {
  test.setTimeout(120_000);

  await signUp(page, { name: 'Mary Jackson', email: uniqueEmail('my-work') });
  const project = await api(page, 'POST', '/projects', { name: 'Wind Tunnel', key: 'WND' });
  const picked = await api(page, 'POST', `/projects/${project.id}/tasks`, { title: 'Calibrate the balance' });
  await api(page, 'POST', '/agents', { name: AGENT, description: 'Runs the numbers' });
  const forAgent = await api(page, 'POST', `/projects/${project.id}/tasks`, {
    title: 'Write the report',
    assignee: AGENT,
  });

  // 1. Assign a task to myself with the picker on the task page: People first, then Agents.
  await page.goto(`/dashboard/projects/${project.id}/tasks/${picked.key}`);
  const picker = page.getByRole('combobox', { name: 'Assignee' });
  await expect(picker).toHaveValue('Unassigned');
  await picker.click();
  await expect(page.getByRole('group', { name: 'People' }).getByRole('option')).toContainText([
    'Mary Jackson',
  ]);
  await expect(page.getByRole('group', { name: 'Agents' }).getByRole('option')).toContainText([AGENT]);
  await picker.fill('mary');
  await picker.press('Enter');
  await expect(picker).toHaveValue('Mary Jackson');

  // 2. My work lists it under "Assigned to you"; nothing waits yet, and no agent of mine ran.
  await page.goto('/dashboard/my-work');
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();
  const assigned = page.getByRole('region', { name: /Assigned to you/ });
  await expect(assigned.getByRole('link', { name: new RegExp(picked.key) })).toBeVisible();
  await expect(page.getByRole('region', { name: /Waiting for you/ })).toContainText('No agent is waiting');
  await expect(page.getByRole('region', { name: /Your agents’ tasks/ })).toContainText(
    'None of your API keys',
  );

  // 3. Another task assigned to me elsewhere appears without a reload.
  const session = await page.request.get('/api/v1/auth/get-session');
  const me = ((await session.json()) as { user: { id: string } }).user.id;
  const later = await api(page, 'POST', `/projects/${project.id}/tasks`, { title: 'Log the run' });
  await api(page, 'PATCH', `/tasks/${later.key}`, { version: later.version, assigneeUserId: me });
  await expect(assigned.getByRole('link', { name: new RegExp(later.key) })).toBeVisible({ timeout: LIVE_MS });

  // 4. An agent runs with my key: its task is "my agents'", and its question waits for me here.
  const key = await createAgentKey(page);
  await page.goto('/dashboard/my-work');
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();
  const agent = await connectAgent(key, '?project=WND', { name: 'e2e-my-work-agent', version: '1.0.0' });
  try {
    await agent.call('claim-task', { task: forAgent.key });
    const agents = page.getByRole('region', { name: /Your agents’ tasks/ });
    await expect(agents.getByRole('link', { name: new RegExp(forAgent.key) })).toBeVisible({
      timeout: LIVE_MS,
    });

    await agent.call('request-input', { question: 'Metric or imperial units?' });
    const waiting = page.getByRole('region', { name: /Waiting for you/ });
    const question = waiting.getByRole('listitem', { name: `Question from ${AGENT} about ${forAgent.key}` });
    await expect(question).toContainText('Metric or imperial units?', { timeout: LIVE_MS });

    const answer = agent.call('get-input', { task: forAgent.key, wait: 30 });
    await question.getByLabel(`Your answer to ${AGENT}`).fill('Metric, please');
    await question.getByRole('button', { name: 'Send answer' }).click();
    expect(await answer).toMatchObject({
      answered: true,
      answer: 'Metric, please',
      answeredBy: 'Mary Jackson',
    });
    await expect(waiting).toContainText('No agent is waiting', { timeout: LIVE_MS });
  } finally {
    await agent.close();
  }
});

/** An API key acting as the agent, made on the API keys page as a person would. */
async function createAgentKey(page: Page): Promise<string> {
  await page.goto('/dashboard/settings/developer/api-keys');
  await page.getByLabel('Key name').fill('Report agent');
  await page.getByLabel('Acts as agent').selectOption(AGENT);
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByLabel('New API key');
  await expect(shown).toHaveValue(/^sb_/);
  return shown.inputValue();
}
