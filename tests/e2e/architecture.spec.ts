import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { connectAgent } from './mcp-agent';
import { inviteMember, pagesOfTheirOwn, signUp, uniqueEmail } from './support';

// Each person gets a browser context of their own; all are closed after each test.
const newPage = pagesOfTheirOwn();

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function send(page: Page, method: 'POST' | 'PATCH', path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string; version: number }>;
}
const post = (page: Page, path: string, data: unknown) => send(page, 'POST', path, data);

// AgiFlow's formats as a team would have them in their repository, plus our `check` keys.
const ARCHITECT_YAML = `features:
  - name: api-route
    design_pattern: Thin API route handlers
    includes:
      - src/api/**/*.ts
    description: |-
      Parse the request, call the domain, answer.
`;

const rulesYaml = (logRegex: string) => `version: '1'
template: backend
description: Backend rules
rules:
  - pattern: api-routes
    globs:
      - src/api/**/*.ts
      - '!src/api/**/*.test.ts'
    description: API route files
    must_not_do:
      - rule: Do not call HTTP clients from routes
        check:
          forbidImport: [axios]
    should_do:
      - rule: Log through the logger
        check:
          forbid: '${logRegex}'
`;

test('an admin writes a rule set in AgiFlow YAML, fixes the line it names, saves, tries a file and sees a HIGH finding; a member reads it only', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await newPage(browser);
  await signUp(owner, { name: 'Olivia Owner', email: uniqueEmail('arch-owner') });
  const project = await post(owner, '/projects', { name: 'Rules Works', key: 'RLW' });
  // Joining through the invitation screens is a journey of its own; here both join through the API.
  const admin = await inviteMember(owner, browser, 'Ada Admin', 'arch-admin', 'admin');
  const member = await inviteMember(owner, browser, 'Max Member', 'arch-member');

  // 1. The admin creates an empty rule set and pastes the team's files, one with a broken regex.
  await admin.goto('/dashboard/settings/organization/architecture');
  await admin.getByRole('button', { name: 'New rule set' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New rule set' });
  await dialog.getByLabel('Name').fill('backend');
  await dialog.getByLabel('Description').fill('Server code');
  await dialog.getByRole('button', { name: 'Create rule set' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin).toHaveURL(/ruleSet=backend/);

  // architect.yaml comes from the team's repository through the import; RULES.yaml is pasted.
  await admin.getByLabel('Import architect.yaml').setInputFiles({
    name: 'architect.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(ARCHITECT_YAML),
  });
  await expect(admin.getByLabel('architect.yaml', { exact: true })).toHaveValue(ARCHITECT_YAML);
  await admin.getByLabel('RULES.yaml', { exact: true }).fill(rulesYaml('console\\.log('));
  // Checked as typed, with the line named; nothing can be saved yet.
  const problems = admin.getByRole('list', { name: 'Problems in RULES.yaml' });
  await expect(problems).toContainText('Line 17');
  await expect(problems).toContainText('Not a valid regex');
  await expect(admin.getByRole('button', { name: 'Save rule set' })).toBeDisabled();

  // 2. Fixed, the problem goes; saved, the editor shows what the server kept.
  await admin.getByLabel('RULES.yaml', { exact: true }).fill(rulesYaml('console\\.log\\('));
  await expect(problems).toBeHidden();
  await admin.getByRole('button', { name: 'Save rule set' }).click();
  await expect(admin.getByText('Saved backend')).toBeVisible();
  await expect(admin.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(admin.getByRole('listitem', { name: 'backend' })).toContainText('1 pattern · 1 rule');
  const rule = admin.getByRole('listitem', { name: 'api-routes' });
  await expect(rule.getByRole('list', { name: 'Must not do of api-routes' })).toContainText('HIGH');
  await expect(rule.getByRole('list', { name: 'Must not do of api-routes' })).toContainText(
    'forbidImport: axios',
  );
  await expect(rule.getByRole('list', { name: 'Should do of api-routes' })).toContainText('MEDIUM');

  // Export: the saved files download under AgiFlow's names, ready for a repository.
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Download RULES.yaml' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('RULES.yaml');
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toContain('forbidImport');
  expect(exported).toContain('!src/api/**/*.test.ts');

  // 3. "Try it": a route importing axios is a HIGH finding; the design pattern matches its path.
  await admin.getByLabel('File path').fill('src/api/users.ts');
  await admin
    .getByLabel('File content')
    .fill("import axios from 'axios';\nexport const list = () => axios.get('/users');\n");
  await admin.getByRole('button', { name: 'Review', exact: true }).click();
  const result = admin.getByRole('region', { name: 'Review result' });
  await expect(result).toContainText('Fix required');
  await expect(result.getByRole('list', { name: 'Matched design patterns' })).toContainText('api-route');
  const findings = result.getByRole('list', { name: 'Findings' });
  await expect(findings).toContainText('HIGH');
  await expect(findings).toContainText('Do not call HTTP clients from routes');

  // 4. The project uses it, chosen in the project's edit dialog.
  await admin.goto(`/dashboard/projects/${project.id}`);
  await admin.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit Rules Works' });
  await edit.getByLabel('Rule set').selectOption('backend');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await admin.goto('/dashboard/settings/organization/architecture');
  await expect(admin.getByRole('listitem', { name: 'backend' })).toContainText('RLW');

  // 5. A member reads the same rule set and may try files, but cannot change it.
  await member.goto('/dashboard/settings/organization/architecture');
  await expect(member.getByText('Only owners and admins change rule sets')).toBeVisible();
  await expect(member.getByLabel('RULES.yaml', { exact: true })).toHaveAttribute('readonly', '');
  await expect(member.getByLabel('RULES.yaml', { exact: true })).toHaveValue(/forbidImport/);
  await expect(member.getByRole('button', { name: 'Save rule set' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'New rule set' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Delete backend' })).toHaveCount(0);
  // The API refuses the member's write regardless of the screen.
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const refused = await member.request.put('/api/v1/rule-sets/backend', {
    data: { rulesYaml: 'rules: []\n' },
    headers: { origin },
  });
  expect(refused.status()).toBe(403);
  await Promise.all([admin.context().close(), member.context().close()]);
});

test('an agent’s review lands on the open task page live, badges its card, and a person dismisses it with a reason', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Olivia Owner', email: uniqueEmail('arch-findings') });
  const project = await post(page, '/projects', { name: 'Gate Works', key: 'GTW' });
  await post(page, '/rule-sets', {
    name: 'backend',
    architectYaml: ARCHITECT_YAML,
    rulesYaml: rulesYaml('console\\.log\\('),
  });
  await send(page, 'PATCH', `/projects/${project.id}`, { version: project.version, ruleSet: 'backend' });
  await post(page, '/agents', { name: 'api-dev', description: 'Writes API routes' });
  await post(page, `/projects/${project.id}/tasks`, { title: 'List users', assignee: 'api-dev' });

  await page.goto('/dashboard/settings/developer/api-keys');
  await page.getByLabel('Key name').fill('Review agent');
  await page.getByLabel('Acts as agent').selectOption('api-dev');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = await page.getByLabel('New API key').inputValue();
  expect(key).toMatch(/^sb_/);

  // The task page is open and listening; the review arrives without a reload.
  await page.goto(`/dashboard/projects/${project.id}/tasks/GTW-1`);
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Architecture review' })).toHaveCount(0);

  const agent = await connectAgent(key, '?project=GTW&toolsets=architecture');
  try {
    const review = await agent.call('review-code-change', {
      task: 'GTW-1',
      file_path: 'src/api/users.ts',
      content: "import axios from 'axios';\nexport const list = () => axios.get('/users');\n",
    });
    expect(review.fix_required).toBe(true);
  } finally {
    await agent.close();
  }

  await expect(page.getByRole('heading', { name: 'Architecture review' })).toBeVisible();
  const file = page
    .getByRole('list', { name: 'Findings by file' })
    .getByRole('listitem', { name: 'src/api/users.ts' });
  await expect(file).toContainText('HIGH');
  await expect(file).toContainText('Do not call HTTP clients from routes');
  await expect(file).toContainText('Found by forbidImport axios');
  await expect(page.getByText('1 HIGH finding blocks agents from finishing it.')).toBeVisible();

  // The board card carries the mark.
  await page.goto(`/dashboard/projects/${project.id}`);
  const card = page.getByRole('link', { name: /^GTW-1\b/ });
  await expect(card.getByRole('img', { name: /1 HIGH finding/ })).toBeVisible();

  // A person dismisses it, saying why; the gate lifts and the mark goes.
  await card.click();
  await page.getByRole('button', { name: /^Dismiss: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Dismiss finding?' });
  await dialog.getByRole('button', { name: 'Dismiss finding' }).click();
  await expect(dialog.getByText('Say why, so the next reader knows.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('The health check may call the upstream directly');
  await dialog.getByRole('button', { name: 'Dismiss finding' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No open findings.')).toBeVisible();
  await page.getByText('1 dismissed').click();
  await expect(page.getByRole('list', { name: 'Dismissed findings' })).toContainText(
    'The health check may call the upstream directly',
  );
  await page.goto(`/dashboard/projects/${project.id}`);
  await expect(page.getByRole('link', { name: /^GTW-1\b/ })).toBeVisible();
  await expect(
    page.getByRole('link', { name: /^GTW-1\b/ }).getByRole('img', { name: /finding/ }),
  ).toHaveCount(0);
});
