import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  axeInEveryPage,
  collectPageErrors,
  comboboxProblems,
  holdStill,
  seriousViolations,
  showTheme,
  THEME_RULES,
} from './accessibility';
import { openInApp } from './in-app-navigation';
import { signUp, uniqueEmail } from './support';

const AGENT = 'access-bot';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function send(page: Page, method: 'POST' | 'PATCH', path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string; version: number }>;
}
const post = (page: Page, path: string, data: unknown) => send(page, 'POST', path, data);

/** What an agent writes with its own key, as a CLI agent would. */
async function asAgent(key: string, path: string, data: unknown): Promise<{ id: string }> {
  const response = await fetch(new URL(`/api/v1${path}`, test.info().project.use.baseURL), {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(data),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
  return (await response.json()) as { id: string };
}

const SCAFFOLD_YAML = `features:
  - name: scaffold-service
    description: A service class
    variables_schema:
      type: object
      properties:
        serviceName: {type: string, description: 'The service, e.g. billing'}
      required: [serviceName]
    includes:
      - src/Example.ts->src/{{ serviceName | pascalCase }}Service.ts
`;

const ARCHITECT_YAML = `features:
  - name: api-route
    design_pattern: Thin API route handlers
    includes:
      - src/api/**/*.ts
`;

const RULES_YAML = `version: '1'
template: backend
rules:
  - pattern: api-routes
    globs:
      - src/api/**/*.ts
    description: API route files
    must_not_do:
      - rule: Do not call HTTP clients from routes
        check:
          forbidImport: [axios]
`;

/** A screen of the dashboard: its address and what shows once its data has loaded, and only there. */
interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Locator;
}

const shows = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first();
const showsText = (text: string | RegExp) => (page: Page) => page.getByRole('main').getByText(text).first();

const settings = '/dashboard/settings';

/** An id shaped like a real one that no organization has. */
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A new person in an organization with something on every screen: a project with tasks, a work unit,
 * labels and a plan its agent asked them about, a rule set, a template and an agent's key.
 */
async function signUpWithWork(page: Page, name: string) {
  const email = uniqueEmail('access');
  const handle = email.split('@')[0] ?? '';
  await signUp(page, { name, email });
  const project = await post(page, '/projects', { name: 'Access Works', key: 'ACW' });
  const label = await post(page, '/labels', { name: 'Frontend' });
  await post(page, '/labels', { name: 'Urgent', color: '#dc2626' });
  await post(page, '/agents', { name: AGENT, description: 'Checks the work' });
  const unit = await post(page, `/projects/${project.id}/work-units`, {
    title: 'Sign-in flow',
    priority: 'high',
  });
  const tasks = [
    { title: 'Draw the sign-in form', priority: 'medium', labelIds: [label.id], workUnitId: unit.id },
    {
      title: 'Wire the password check',
      priority: 'high',
      assignee: AGENT,
      acceptanceCriteria: [{ text: 'Wrong passwords fail' }],
    },
    { title: 'Write the help text', priority: 'low' },
    { title: 'Ship it', description: 'A **bold** move with a [link](https://example.com).' },
  ];
  for (const task of tasks) await post(page, `/projects/${project.id}/tasks`, task);
  await post(page, '/rule-sets', { name: 'backend', architectYaml: ARCHITECT_YAML, rulesYaml: RULES_YAML });
  await post(page, '/templates', {
    name: 'backend',
    scaffoldYaml: SCAFFOLD_YAML,
    files: { 'src/Example.ts.liquid': 'export class {{ serviceName | pascalCase }}Service {}\n' },
  });
  const { key } = await post(page, '/auth/api-key/create', {
    name: 'Access agent',
    metadata: { agentName: AGENT },
  });
  const plan = await asAgent(key, `/projects/${project.id}/plans`, {
    title: 'Launch the sign-in',
    items: [
      { key: 'W1', kind: 'work_unit', title: 'Sign-in' },
      { key: 'T1', kind: 'task', parent: 'W1', title: 'Add a remember-me box', estimateHours: 2 },
    ],
  });
  await asAgent(key, `/plans/${plan.id}/messages`, { body: `@${handle} is T1 in scope?`, item: 'T1' });
  return { board: `/dashboard/projects/${project.id}`, planId: plan.id };
}

/**
 * Checks the page as it is in the light theme (every rule) and the dark one (the rules a theme can
 * change), and collects console errors meanwhile; the test fails at the end, listing all of them.
 */
function accessibilityCheck(page: Page) {
  const errors = collectPageErrors(page);
  const findings: string[] = [];
  const check = async (screen: string) => {
    await holdStill(page);
    findings.push(...(await seriousViolations(page, `${screen} (light)`)));
    findings.push(...(await comboboxProblems(page, screen)));
    await showTheme(page, 'dark');
    findings.push(...(await seriousViolations(page, `${screen} (dark)`, THEME_RULES)));
    await showTheme(page, 'light');
  };
  // One page load, then the screens one after another as the app's links open them.
  const walk = async (screens: Screen[]) => {
    for (const screen of screens) {
      const ready = screen.ready(page);
      await expect(ready, `${screen.name}: the screen before it shows this too`).toBeHidden();
      await openInApp(page, screen.path);
      await expect(ready).toBeVisible();
      await expect(page.locator('[data-realtime="live"]')).toBeVisible();
      await check(screen.name);
    }
  };
  const expectClean = () => {
    expect.soft(findings.length, `accessibility findings:\n${findings.join('\n')}`).toBe(0);
    expect(errors.length, `errors in the console:\n${errors.join('\n')}`).toBe(0);
  };
  return { check, walk, expectClean };
}

test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }) => {
  // Every screen is read light first. Motion is reduced for every journey (the config), and holdStill
  // stops what is left of a transition, which would let axe read a colour halfway between two themes.
  await page.emulateMedia({ colorScheme: 'light' });
  await axeInEveryPage(page.context());
});

test('workspace and project screens, light and dark: no serious accessibility finding, no console error', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { board, planId } = await signUpWithWork(page, 'Ada Access');
  const { walk, expectClean } = accessibilityCheck(page);

  await walk([
    { name: 'home', path: '/dashboard', ready: shows('Recent activity') },
    {
      name: 'inbox',
      path: '/dashboard/inbox',
      ready: (p) => p.getByRole('list', { name: 'Notifications' }).getByRole('link').first(),
    },
    { name: 'my work', path: '/dashboard/my-work', ready: shows('My work') },
    { name: 'active sessions', path: '/dashboard/active-sessions', ready: shows('Active sessions') },
    { name: 'projects', path: '/dashboard/projects', ready: showsText('Access Works') },
    { name: 'board', path: board, ready: showsText('Draw the sign-in form') },
    {
      name: 'list',
      path: `${board}?view=list`,
      ready: (p) => p.getByRole('region', { name: 'Task list' }).getByText('Write the help text'),
    },
    { name: 'work units', path: `${board}?view=work-units`, ready: showsText('Sign-in flow') },
    { name: 'plan', path: `${board}?view=plan&plan=${planId}`, ready: shows('Launch the sign-in') },
    { name: 'project activity', path: `${board}?view=activity`, ready: showsText(/created/) },
    { name: 'task peek', path: `${board}?peek=ACW-2`, ready: showsText('Wrong passwords fail') },
    { name: 'workflow', path: `${board}/settings/workflow`, ready: shows('Workflow') },
    { name: 'repositories', path: `${board}/settings/repositories`, ready: shows('Repositories') },
  ]);

  expectClean();
});

test('task pages with their pickers open, the palette and not-found pages: no serious finding, no console error', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { board } = await signUpWithWork(page, 'Cy Access');
  const { check, walk, expectClean } = accessibilityCheck(page);

  await walk([
    { name: 'task', path: `${board}/tasks/ACW-1`, ready: shows('Draw the sign-in form') },
    { name: 'task with an agent', path: `${board}/tasks/ACW-2`, ready: shows('Wire the password check') },
    { name: 'unknown page', path: '/dashboard/no/such/page', ready: shows('Page not found') },
    { name: 'unknown project', path: `/dashboard/projects/${MISSING_ID}`, ready: shows('Project not found') },
    { name: 'unknown task', path: `${board}/tasks/ACW-99`, ready: shows('Task not found') },
    { name: 'unknown plan', path: `${board}?view=plan&plan=${MISSING_ID}`, ready: shows('Plan not found') },
    {
      name: 'unknown work unit',
      path: `${board}?workUnit=${MISSING_ID}`,
      ready: shows('Work unit not found'),
    },
  ]);

  // The task page's pickers and the comment box's mention list, open.
  await page.goto(`${board}/tasks/ACW-1`);
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();
  await page.getByRole('combobox', { name: 'Assignee' }).click();
  await expect(page.getByRole('listbox', { name: 'Assignee' })).toBeVisible();
  await check('task, assignee picker open');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Edit labels' }).click();
  await expect(page.getByRole('listbox', { name: 'Labels' })).toBeVisible();
  await check('task, label picker open');
  await page.keyboard.press('Escape');
  const comment = page.getByRole('textbox', { name: 'Write a comment' });
  await comment.fill('@');
  const mentions = page.getByRole('listbox', { name: 'Mention someone' });
  await expect(mentions).toBeVisible();
  await expect(comment).toHaveAttribute('aria-controls', (await mentions.getAttribute('id')) ?? 'a listbox');
  await expect(comment).toHaveAttribute('aria-autocomplete', 'list');
  await check('task, mention list open');
  await comment.fill('');

  // The palette, searching: its input, its results and their groups.
  await page.getByRole('button', { name: /^Search/ }).click();
  await page.getByRole('combobox', { name: 'Command palette' }).fill('sign');
  await expect(page.getByRole('option', { name: /Draw the sign-in form/ })).toBeVisible();
  await check('search');

  expectClean();
});

test('settings screens, light and dark: no serious accessibility finding, no console error', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpWithWork(page, 'Ben Access');
  const { walk, expectClean } = accessibilityCheck(page);

  await walk([
    { name: 'settings', path: settings, ready: shows('Settings') },
    { name: 'organization', path: `${settings}/organization`, ready: shows('Organization') },
    { name: 'members', path: `${settings}/organization/members`, ready: showsText(/@example\.test/) },
    { name: 'teams', path: `${settings}/organization/teams`, ready: showsText(/No teams yet/) },
    { name: 'labels', path: `${settings}/organization/labels`, ready: showsText('Frontend') },
    { name: 'rule sets', path: `${settings}/organization/architecture`, ready: showsText('backend') },
    // Between the two screens that both show a 'backend'.
    { name: 'AI agents', path: `${settings}/organization/ai-agents`, ready: showsText(AGENT) },
    { name: 'templates', path: `${settings}/organization/templates`, ready: showsText('backend') },
    { name: 'API keys', path: `${settings}/developer/api-keys`, ready: showsText('Access agent') },
    {
      name: 'connected devices',
      path: `${settings}/developer/connected-devices`,
      ready: shows('Connected devices'),
    },
    { name: 'subscription', path: `${settings}/billing/subscription`, ready: shows('Subscription') },
    { name: 'account', path: '/dashboard/account', ready: shows('Account and security') },
  ]);

  expectClean();
});

test('switching organizations, and a new one’s empty screens: no serious finding, no console error', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { board } = await signUpWithWork(page, 'Dee Access');
  const { walk, expectClean } = accessibilityCheck(page);

  // Switching organization on a page of the old one: it gives way to the new one's projects, quietly.
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const suffix = Date.now().toString(36);
  const other = await page.request.post('/api/v1/auth/organization/create', {
    data: { name: `Elsewhere ${suffix}`, slug: `elsewhere-${suffix}`, keepCurrentActiveOrganization: true },
    headers: { origin },
  });
  expect(other.ok()).toBe(true);
  const switcher = page.getByRole('button', { name: /Current organization/ });
  await page.goto(`${board}/tasks/ACW-2`);
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();
  await switcher.click();
  await page.getByRole('menuitemradio', { name: `Elsewhere ${suffix}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await expect(switcher).toContainText(`Elsewhere ${suffix}`);
  // A new organization's screens are empty states, with words and links of their own.
  await walk([
    { name: 'home, nothing yet', path: '/dashboard', ready: shows('Recent activity') },
    {
      name: 'AI agents, none yet',
      path: `${settings}/organization/ai-agents`,
      ready: showsText(/make an API key/),
    },
    // After a screen other than home, which says there are no projects as well.
    { name: 'projects, none yet', path: '/dashboard/projects', ready: showsText(/No projects yet/) },
    { name: 'labels, none yet', path: `${settings}/organization/labels`, ready: showsText(/No labels yet/) },
  ]);
  await page.goto(board);
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await switcher.click();
  await page.getByRole('menuitemradio', { name: "Dee Access's workspace" }).click();
  await expect(switcher).toContainText('Dee Access');

  expectClean();
});
