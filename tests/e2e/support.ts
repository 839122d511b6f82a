import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
  test,
} from '@playwright/test';

export const PASSWORD = 'correct horse battery staple';

/**
 * How long a change may take to reach a page that is already open, without a reload. Generous: a
 * machine busy with other work delays an event by seconds but never loses it. Shorter than the 15 s
 * the agent sessions list polls at, so a page that missed the event cannot pass on its next poll.
 */
export const LIVE_MS = 10_000;

/** A new address per call, so journeys never depend on each other's users. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/**
 * Opens a page in a browser context of its own (its own cookies), one per person a journey signs in;
 * every context it opened is closed after each test. Called once at the top of a spec file.
 */
export function pagesOfTheirOwn(options: BrowserContextOptions = {}): (browser: Browser) => Promise<Page> {
  const opened: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()));
  });
  return async (browser) => {
    const context = await browser.newContext(options);
    opened.push(context);
    return context.newPage();
  };
}

/**
 * Signs a new person up through the sign-up API, in the page's browser context: its cookies then hold
 * their session. The page is left where it was; the journey opens what it needs. Only the journeys
 * about signing up fill in the form (signUpOnTheForm): for the rest it is a way in, and the form costs
 * two page loads a journey.
 */
export async function signUp(page: Page, { name, email }: { name: string; email: string }): Promise<void> {
  // Against the context's own baseURL, so a journey on the billing server signs up there.
  const response = await page.request.post('/api/v1/auth/sign-up/email', {
    data: { name, email, password: PASSWORD },
  });
  expect(response.ok(), `sign-up: ${response.status()} ${await response.text()}`).toBe(true);
}

/** Signs up through the real form and waits for the dashboard. */
export async function signUpOnTheForm(
  page: Page,
  { name, email }: { name: string; email: string },
): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** A cookie-authenticated write, with the same-origin Origin header a browser would send. */
export async function postAsPage<T = { id: string; key: string }>(
  page: Page,
  path: string,
  data: unknown,
): Promise<T> {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<T>;
}

/**
 * A member (or, with `role`, an admin) of the owner's active organization, signed up in a browser
 * context of their own; the journey closes it (`member.context().close()`).
 */
export async function inviteMember(
  owner: Page,
  browser: Browser,
  name: string,
  label: string,
  role: 'member' | 'admin' = 'member',
): Promise<Page> {
  const email = uniqueEmail(label);
  const invitation = await postAsPage<{ id: string }>(owner, '/auth/organization/invite-member', {
    email,
    role,
  });
  const member = await (await browser.newContext()).newPage();
  await signUp(member, { name, email });
  await postAsPage(member, '/auth/organization/accept-invitation', { invitationId: invitation.id });
  return member;
}

/**
 * Many tasks in a project in two requests, as a team's planned work arrives: a plan holding them,
 * accepted in one change. Made one request a task, 300 took most of a minute on a busy machine.
 * `workUnit`: the title of a work unit they all sit in. Their keys follow the order given.
 */
export async function tasksThroughAPlan(
  page: Page,
  projectId: string,
  tasks: { title: string; assignee?: string; acceptanceCriteria?: string[] }[],
  workUnit?: string,
): Promise<void> {
  const plan = await postAsPage<{ id: string }>(page, `/projects/${projectId}/plans`, {
    title: `${tasks.length} tasks`,
    items: [
      ...(workUnit ? [{ key: 'W1', kind: 'work_unit', title: workUnit }] : []),
      ...tasks.map((task, index) => ({
        key: `T${index + 1}`,
        kind: 'task',
        ...(workUnit ? { parent: 'W1' } : {}),
        ...task,
      })),
    ],
  });
  await postAsPage(page, `/plans/${plan.id}/accept`, {});
}
