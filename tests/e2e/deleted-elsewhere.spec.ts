import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { postAsPage, signUp, uniqueEmail } from './support';

/** Console errors and uncaught exceptions of a page, to assert there were none. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** One person in two browsers: signed up in A, and in B with A's cookie, B's console problems collected. */
interface SamePersonTwice {
  pageA: Page;
  pageB: Page;
  problems: string[];
}

/** Runs `journey` with the person in two browsers, and closes both whatever happens. */
async function inTwoBrowsers(
  browser: Browser,
  person: { name: string; email: string },
  journey: (browsers: SamePersonTwice) => Promise<void>,
): Promise<void> {
  const contexts: BrowserContext[] = [];
  try {
    const first = await browser.newContext();
    contexts.push(first);
    const pageA = await first.newPage();
    await signUp(pageA, person);
    const second = await browser.newContext({ storageState: await first.storageState() });
    contexts.push(second);
    const pageB = await second.newPage();
    await journey({ pageA, pageB, problems: consoleProblems(pageB) });
  } finally {
    for (const context of contexts) await context.close();
  }
}

test('a task deleted in one browser turns its open page in another into a read-only "deleted by" page', async ({
  browser,
}) => {
  const person = { name: 'Katherine Johnson', email: uniqueEmail('deleted') };
  await inTwoBrowsers(browser, person, async ({ pageA, pageB, problems }) => {
    const project = await postAsPage(pageA, '/projects', { name: 'Orbits', key: 'ORB' });
    const task = await postAsPage(pageA, `/projects/${project.id}/tasks`, {
      title: 'Compute the re-entry window',
    });
    const taskPage = `/dashboard/projects/${project.id}/tasks/${task.key}`;
    await pageB.goto(taskPage);
    await expect(pageB.locator('[data-realtime="live"]')).toBeVisible();
    await expect(pageB.getByLabel('Title', { exact: true })).toHaveValue('Compute the re-entry window');

    await pageA.goto(taskPage);
    await pageA.getByRole('button', { name: 'Delete task' }).click();
    await pageA.getByRole('dialog').getByRole('button', { name: 'Delete task' }).click();
    await expect(pageA).toHaveURL(new RegExp(`/dashboard/projects/${project.id}$`));

    await expect(
      pageB.getByRole('heading', { name: 'ORB-1 was deleted by Katherine Johnson' }),
    ).toBeVisible();
    await expect(pageB.getByLabel('Title', { exact: true })).toHaveCount(0);
    await expect(pageB.getByRole('button', { name: 'Edit description' })).toHaveCount(0);
    await pageB.getByRole('link', { name: 'Back to the board' }).click();
    await expect(pageB.getByRole('region', { name: 'Todo', exact: true })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test('a plan whose project is deleted in one browser turns its open page in another into a "deleted by" page', async ({
  browser,
}) => {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const person = { name: 'Dorothy Vaughan', email: uniqueEmail('plan-deleted') };
  await inTwoBrowsers(browser, person, async ({ pageA, pageB, problems }) => {
    const project = await postAsPage(pageA, '/projects', { name: 'Wind tunnel', key: 'WND' });
    const plan = await postAsPage(pageA, `/projects/${project.id}/plans`, {
      title: 'Measure the drag',
      items: [{ key: 'T1', kind: 'task', title: 'Calibrate the balance' }],
    });
    await pageB.goto(`/dashboard/projects/${project.id}?view=plan&plan=${plan.id}`);
    await expect(pageB.locator('[data-realtime="live"]')).toBeVisible();
    await expect(pageB.getByRole('button', { name: 'Edit T1 Calibrate the balance' })).toBeVisible();

    const deleted = await pageA.request.delete(`/api/v1/projects/${project.id}?confirm=true`, {
      headers: { origin },
    });
    expect(deleted.status()).toBe(200);

    await expect(pageB.getByRole('heading', { name: 'WND was deleted by Dorothy Vaughan' })).toBeVisible();
    await expect(pageB.getByRole('button', { name: 'Edit T1 Calibrate the balance' })).toHaveCount(0);
    await pageB.getByRole('link', { name: 'All projects' }).click();
    await expect(pageB).toHaveURL(/\/dashboard\/projects$/);
    await expect(pageB.getByText('Wind tunnel')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
