import { expect, type Page, test } from '@playwright/test';
import { connectAgent } from './mcp-agent';
import { LIVE_MS, signUp, uniqueEmail } from './support';

const AGENT = 'planning-bot';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function api(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

const task = (key: string, parent: string, title: string, extra: Record<string, unknown> = {}) => ({
  key,
  kind: 'task',
  parent,
  title,
  estimateHours: 2,
  ...extra,
});

test('an agent proposes a plan, it shows live, the person leaves one task out and accepts, and the board holds the new work', async ({
  page,
}) => {
  test.setTimeout(120_000);

  await signUp(page, { name: 'Katherine Johnson', email: uniqueEmail('planning') });
  const project = await api(page, '/projects', { name: 'Launch Plan', key: 'PLN' });
  await api(page, '/agents', { name: AGENT, description: 'Plans before it builds' });

  await page.goto('/dashboard/settings/developer/api-keys');
  await page.getByLabel('Key name').fill('Planning agent');
  await page.getByLabel('Acts as agent').selectOption(AGENT);
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByLabel('New API key');
  await expect(shown).toHaveValue(/^sb_/);
  const key = await shown.inputValue();

  // The Plans tab, open and listening; nothing is reloaded from here on.
  await page.goto(`/dashboard/projects/${project.id}`);
  const views = page.getByRole('navigation', { name: 'Project views' });
  await views.getByRole('link', { name: 'Plans' }).click();
  await expect(page).toHaveURL(/view=plan/);
  await expect(page.getByText('No plans yet')).toBeVisible();
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();

  const agent = await connectAgent(key, '?project=PLN&toolsets=planning', {
    name: 'e2e-planning-agent',
    version: '1.0.0',
  });
  try {
    const proposed = await agent.call('propose-plan', {
      title: 'Launch checklist',
      summary: 'Everything the launch needs',
      items: [
        { key: 'W1', kind: 'work_unit', title: 'Rocket' },
        task('T1', 'W1', 'Fuel the rocket'),
        task('T2', 'W1', 'Count down', { dependsOn: ['T1'], assignee: AGENT }),
        task('T3', 'W1', 'Check the weather'),
        { key: 'W2', kind: 'work_unit', title: 'Press' },
        task('T4', 'W2', 'Write the press release'),
        task('T5', 'W2', 'Book the cameras'),
        task('T6', 'W2', 'Invite the mayor', { estimateHours: 1 }),
      ],
    });

    // 1. The plan appears live, as a tree with its estimates.
    await expect(page.getByRole('heading', { name: 'Launch checklist' })).toBeVisible({ timeout: LIVE_MS });
    const tree = page.getByRole('list', { name: 'Plan items' });
    await expect(tree.locator('[data-plan-item="W1"]')).toContainText('Rocket');
    await expect(tree.locator('[data-plan-item="W1"]').first()).toContainText('6 h');
    await expect(tree.locator('[data-plan-item="T2"]')).toContainText('after T1');
    await expect(page.getByRole('button', { name: 'Accept all' })).toBeVisible();

    // 2. The agent's comment arrives in the conversation live; the person answers it.
    await agent.call('comment-on-plan', {
      plan: proposed.id,
      item: 'T6',
      body: 'Is the mayor free on Friday?',
    });
    const messages = page.getByRole('list', { name: 'Plan messages' });
    await expect(messages).toContainText('Is the mayor free on Friday?', { timeout: LIVE_MS });
    const heard = agent.call('get-plan', { plan: proposed.id, wait: 30 });
    await page.getByLabel('Write a message').fill('Leave the mayor out for now');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(messages).toContainText('Leave the mayor out for now');
    const answer = (await heard) as { messages: Array<{ body: string }>; expected: string };
    expect(answer.messages.map((message) => message.body)).toEqual(['Leave the mayor out for now']);
    expect(answer.expected).toMatch(/^Answer the latest message/);

    // 3. The person leaves T6 out and accepts the rest.
    await page.getByLabel('Accept T6 Invite the mayor').uncheck();
    await page.getByRole('button', { name: 'Accept 7 of 8' }).click();
    await expect(page.getByText('Accepted 7 items')).toBeVisible();
    await expect(tree.locator('[data-plan-item="T1"]')).toContainText('PLN-');
    await expect(page.getByText('Partly accepted')).toBeVisible();

    // 4. The board shows the new work, without the task left out.
    await views.getByRole('link', { name: 'Board' }).click();
    for (const title of ['Fuel the rocket', 'Count down', 'Check the weather', 'Book the cameras']) {
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText('Invite the mayor')).toHaveCount(0);
  } finally {
    await agent.close();
  }
});

test('a person pastes an outline, previews it, edits an item into a second revision, sees the changes and rejects the plan', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, { name: 'Dorothy Vaughan', email: uniqueEmail('outline') });
  const project = await api(page, '/projects', { name: 'Outline Plan', key: 'OUTL' });
  await page.goto(`/dashboard/projects/${project.id}?view=plan`);
  await page.getByRole('button', { name: 'New plan from outline' }).click();
  const dialog = page.getByRole('dialog', { name: 'New plan from outline' });

  // A dependency on nothing is named with its line, and nothing is created.
  const outline = [
    '# Invoicing',
    '## Invoices',
    '- Invoice table (estimate: 2h)',
    '  - [ ] stores totals in cents',
    '- Invoice endpoint (estimate: 3h, after: Invoice table)',
    '## Checkout',
    '- Pay button (after: Nowhere)',
  ];
  await dialog.getByLabel('Outline').fill(outline.join('\n'));
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert')).toContainText('line 7');

  await dialog
    .getByLabel('Outline')
    .fill([...outline.slice(0, -1), '- Pay button (after: Invoice endpoint)'].join('\n'));
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('Invoice table · 1 criteria');
  await expect(preview).toContainText('Pay button');
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByRole('heading', { name: 'Invoicing' })).toBeVisible();
  await expect(page).toHaveURL(/plan=/);
  await expect(page.getByText('Proposed', { exact: true })).toBeVisible();

  // The title and estimate of T1 change in place, then go back as revision 2.
  await page.getByRole('button', { name: 'Edit T1 Invoice table' }).click();
  await page.getByLabel('Title of T1').fill('Invoice tables');
  await page.getByLabel('Estimate of T1 in hours').fill('4');
  await page.getByRole('button', { name: 'Keep' }).click();
  await expect(page.getByRole('button', { name: /^Accept/ }).first()).toBeDisabled();
  await page.getByRole('button', { name: 'Save 1 edit as revision 2' }).click();
  await expect(page.getByText('Saved your edits as revision 2')).toBeVisible();
  await expect(page.getByText(/^Revision 2 by Dorothy Vaughan/)).toBeVisible();

  await page.getByRole('button', { name: 'Changes since revision 1' }).click();
  const changes = page.getByRole('region', { name: 'Changes in revision 2' });
  await expect(changes.locator('[data-diff="changed"]')).toHaveText(
    /T1 Invoice tables \(title, estimateHours\)/,
  );
  await expect(changes.locator('[data-diff="added"]')).toHaveCount(0);

  // Rejected with a reason: nothing can be chosen any more.
  await page.getByRole('button', { name: 'Reject…' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this plan' });
  await reject.getByLabel('Reason').fill('Not this quarter');
  await reject.getByRole('button', { name: 'Reject plan' }).click();
  await expect(page.getByText('Rejected: Not this quarter')).toBeVisible();
  await expect(page.getByLabel('Accept T1 Invoice tables')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Accept all' })).toHaveCount(0);
});
