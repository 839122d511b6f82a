import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { LIVE_MS, signUp, uniqueEmail } from './support';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function api(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

/** A minimal MCP client over Streamable HTTP: plain JSON-RPC POSTs, the key as a Bearer token. */
class McpClient {
  private sessionId: string | undefined;
  private nextId = 1;

  constructor(
    private readonly request: APIRequestContext,
    private readonly key: string,
    private readonly query: string,
  ) {}

  private headers(): Record<string, string> {
    return {
      authorization: `Bearer ${this.key}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...(this.sessionId ? { 'mcp-session-id': this.sessionId, 'mcp-protocol-version': '2025-06-18' } : {}),
    };
  }

  private async post(body: Record<string, unknown>) {
    const response = await this.request.post(`/api/v1/mcp${this.query}`, {
      data: body,
      headers: this.headers(),
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response;
  }

  async initialize(clientInfo: { name: string; version: string }) {
    const response = await this.post({
      jsonrpc: '2.0',
      id: this.nextId++,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo },
    });
    this.sessionId = response.headers()['mcp-session-id'];
    expect(this.sessionId).toBeTruthy();
    await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** tools/call; answers the tool's JSON result, failing the test on a tool error. */
  async call(name: string, args: Record<string, unknown> = {}) {
    const response = await this.post({
      jsonrpc: '2.0',
      id: this.nextId++,
      method: 'tools/call',
      params: { name, arguments: args },
    });
    const body = (await response.json()) as {
      result?: { isError?: boolean; content: Array<{ type: string; text: string }> };
      error?: unknown;
    };
    expect(body.error, JSON.stringify(body.error)).toBeUndefined();
    const text = body.result?.content.map((part) => part.text).join('') ?? '';
    expect(body.result?.isError, text).toBeFalsy();
    return JSON.parse(text) as Record<string, unknown>;
  }

  async close() {
    if (!this.sessionId) return;
    await this.request.delete('/api/v1/mcp', { headers: this.headers() });
  }
}

test('profiles, a key shown once, the Connect panel, and an MCP agent seen live on sessions and the board', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUp(page, { name: 'Ada Lovelace', email: uniqueEmail('agents') });
  const project = await api(page, '/projects', { name: 'Agent Works', key: 'AGW' });

  // 1. A shared agent profile, made through the form.
  await page.goto('/dashboard/settings/organization/ai-agents');
  await page.getByRole('button', { name: 'New agent' }).click();
  const profileDialog = page.getByRole('dialog', { name: 'New agent profile' });
  await profileDialog.getByLabel('Name').fill('Backend Dev');
  await profileDialog.getByRole('button', { name: 'Create profile' }).click();
  // Validated with the contract's schema before anything is sent.
  await expect(profileDialog.getByText(/Must be lower-case words joined by hyphens/)).toBeVisible();
  await profileDialog.getByLabel('Name').fill('backend-dev');
  await profileDialog.getByLabel('Description').fill('Builds and tests the API');
  await profileDialog.getByLabel('Model').fill('claude-sonnet-4-5');
  await profileDialog.getByLabel('Allowed tools').fill('Read\nEdit\nBash(pnpm test)');
  await profileDialog.getByLabel('Instructions').fill('Write a **test** first.');
  await profileDialog.getByRole('button', { name: 'Create profile' }).click();
  await expect(profileDialog).toBeHidden();
  const profiles = page.getByRole('list', { name: 'Agent profiles' });
  await expect(profiles.getByRole('listitem', { name: 'backend-dev' })).toContainText(
    'Builds and tests the API',
  );
  await expect(profiles.getByRole('list', { name: 'Tools of backend-dev' })).toContainText('Bash(pnpm test)');

  // Tasks can now be assigned to it.
  await api(page, `/projects/${project.id}/tasks`, {
    title: 'Add the health route',
    assignee: 'backend-dev',
  });

  // 2. An API key bound to the profile: shown once, with a copy button.
  await page.goto('/dashboard/settings/developer/api-keys');
  await page.getByLabel('Key name').fill('CI agent');
  await page.getByLabel('Acts as agent').selectOption('backend-dev');
  await page.getByLabel('Expires').selectOption('30');
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByLabel('New API key');
  await expect(shown).toHaveValue(/^sb_/);
  const firstKey = await shown.inputValue();
  await page.getByRole('button', { name: 'Copy API key' }).click();
  await expect(page.getByRole('button', { name: 'Copy API key' })).toContainText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstKey);
  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: 'CI agent' });
  await expect(row).toContainText('backend-dev');
  await expect(row).toContainText(firstKey.slice(0, 8));
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText(firstKey);
  // Never again: after a reload the key itself is gone for good.
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: 'CI agent' }),
  ).toBeVisible();
  await expect(page.getByLabel('New API key')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(firstKey);

  // 3. The project's Connect panel: files referencing the variable, and the export line with a new key.
  await page.goto(`/dashboard/projects/${project.id}`);
  await page.getByRole('button', { name: 'Connect an agent' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect an agent to Agent Works' });
  const claudeFile = connect.getByRole('figure', { name: /\.mcp\.json/ });
  const cursorFile = connect.getByRole('figure', { name: /\.cursor\/mcp\.json/ });
  await expect(claudeFile).toContainText(`"Authorization": "Bearer \${SWITCHBOARD_API_KEY}"`);
  await expect(claudeFile).toContainText('"type": "http"');
  await expect(claudeFile).toContainText('/api/v1/mcp?project=AGW');
  await expect(cursorFile).toContainText(`"Authorization": "Bearer \${env:SWITCHBOARD_API_KEY}"`);
  await expect(connect.getByLabel('Key name')).toHaveValue(/^AGW agent/);
  await connect.getByLabel('Acts as agent').selectOption('backend-dev');
  await connect.getByRole('button', { name: 'Create key' }).click();
  const exportBlock = connect.getByRole('figure', { name: /Shell/ });
  await expect(exportBlock).toContainText(/export SWITCHBOARD_API_KEY=sb_/);
  const exportText = (await exportBlock.locator('code').textContent()) ?? '';
  const key = exportText.replace('export SWITCHBOARD_API_KEY=', '').trim();
  expect(key).toMatch(/^sb_\w{20,}$/);
  // The tracked files never receive the key.
  for (const file of [claudeFile, cursorFile]) {
    const text = (await file.locator('code').textContent()) ?? '';
    expect(text).toContain('SWITCHBOARD_API_KEY');
    expect(text).not.toContain(key);
    expect(text).not.toContain(firstKey);
    expect(() => JSON.parse(text)).not.toThrow();
  }
  await connect.getByRole('button', { name: 'Copy .mcp.json' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).not.toContain(key);
  await connect.getByRole('button', { name: 'Done' }).click();

  // 4. An agent connects over MCP with that key: its session appears live on Active sessions.
  await page.goto('/dashboard/active-sessions');
  await expect(page.getByRole('heading', { name: 'No agent sessions yet' })).toBeVisible();
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();

  const agent = new McpClient(request, key, '?project=AGW');
  try {
    await agent.initialize({ name: 'e2e-agent', version: '1.2.3' });
    const sessions = page.getByRole('list', { name: 'Agent sessions' });
    const card = sessions.getByRole('listitem', { name: 'backend-dev session' });
    await expect(card).toBeVisible({ timeout: LIVE_MS });
    await expect(card).toContainText('e2e-agent 1.2.3');
    await expect(card).toContainText('AGW Agent Works');
    await expect(card).toContainText('Active');

    // next-task finds and claims the task assigned to backend-dev; the session shows it, linked.
    const next = await agent.call('next-task');
    expect(next).toMatchObject({ claimed: true, task: { key: 'AGW-1' } });
    await expect(card.getByRole('link', { name: /AGW-1 Add the health route/ })).toBeVisible({
      timeout: LIVE_MS,
    });
    await agent.call('report-usage', {
      task: 'AGW-1',
      inputTokens: 12000,
      outputTokens: 3400,
      costUsd: 0.42,
    });

    // request-input: highlighted at the top with the question.
    await agent.call('request-input', { question: 'Should /health check the database too?' });
    const waiting = page.getByRole('list', { name: 'Sessions awaiting input' });
    await expect(waiting.getByRole('listitem', { name: 'backend-dev session' })).toContainText(
      'Should /health check the database too?',
      { timeout: LIVE_MS },
    );
    await expect(waiting.getByRole('link', { name: 'Answer on AGW-1' })).toBeVisible();
    await page.getByRole('link', { name: /^Idle/ }).click();
    await expect(page).toHaveURL(/status=idle/);
    await expect(page.getByText('No idle sessions right now.')).toBeVisible();

    // 5. The board: the claimed card names its agent; the project shows the usage totals.
    await page.goto(`/dashboard/projects/${project.id}`);
    const taskCard = page
      .getByRole('region', { name: 'Todo', exact: true })
      .getByRole('link', { name: /^AGW-1\b/ });
    await expect(taskCard).toContainText('Claimed by backend-dev');
    await expect(page.getByText('12K tokens in · 3.4K out · $0.42')).toBeVisible();

    // Released live: the card drops the claim without a reload.
    await expect(page.locator('[data-realtime="live"]')).toBeVisible();
    await agent.call('release-task', { task: 'AGW-1' });
    await expect(taskCard).not.toContainText('Claimed by', { timeout: LIVE_MS });

    // The task page shows the usage totals.
    await taskCard.click();
    const usage = page.getByRole('definition').filter({ hasText: '$0.42' });
    await expect(usage).toBeVisible();
    await expect(page.getByLabel('Agent usage')).toContainText('Tokens in12K');

    // The key's list entry says it was just used.
    await page.goto('/dashboard/settings/developer/api-keys');
    await expect(
      page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: /^AGW agent/ }),
    ).toContainText('just now');
  } finally {
    await agent.close();
  }
});

test('deleting a profile says how many tasks it unassigns; members read profiles but cannot change them', async ({
  page,
  browser,
}) => {
  await signUp(page, { name: 'Olivia Owner', email: uniqueEmail('agents-owner') });
  const project = await api(page, '/projects', { name: 'Profiles', key: 'PRF' });
  await api(page, '/agents', { name: 'qa-bot', description: 'Checks the work' });
  await api(page, '/agents', { name: 'doomed-bot' });
  for (const title of ['First', 'Second']) {
    await api(page, `/projects/${project.id}/tasks`, { title, assignee: 'doomed-bot' });
  }

  // The owner deletes doomed-bot: the dialog asks again, naming the two tasks it unassigns.
  await page.goto('/dashboard/settings/organization/ai-agents');
  await page.getByRole('button', { name: 'Delete doomed-bot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete doomed-bot?' });
  await dialog.getByRole('button', { name: 'Delete profile' }).click();
  await expect(dialog).toContainText('is assigned 2 tasks');
  await expect(dialog).toContainText('PRF-1, PRF-2');
  await dialog.getByRole('button', { name: 'Unassign 2 tasks and delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Deleted doomed-bot and unassigned 2 tasks')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'doomed-bot' })).toHaveCount(0);

  // A member of the same organization reads the profiles, without the controls.
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const memberEmail = uniqueEmail('agents-member');
  const invited = await page.request.post('/api/v1/auth/organization/invite-member', {
    data: { email: memberEmail, role: 'member' },
    headers: { origin },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const invitation = (await invited.json()) as { id: string };

  const context = await browser.newContext();
  try {
    const member = await context.newPage();
    await signUp(member, { name: 'Max Member', email: memberEmail });
    const accepted = await member.request.post('/api/v1/auth/organization/accept-invitation', {
      data: { invitationId: invitation.id },
      headers: { origin },
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);
    await member.goto('/dashboard/settings/organization/ai-agents');
    await expect(member.getByRole('listitem', { name: 'qa-bot' })).toContainText('Checks the work');
    await expect(member.getByText('Only owners and admins create and change agent profiles.')).toBeVisible();
    await expect(member.getByRole('button', { name: 'New agent' })).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Edit qa-bot' })).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Delete qa-bot' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
