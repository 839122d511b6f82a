import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

const switcher = (page: Page) => page.getByRole('button', { name: /^Current organization:/ });

interface Project {
  key: string;
}

/** The projects of the session's active organization, as the API answers them. */
async function projectKeys(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/v1/projects');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: Project[] }).items.map((project) => project.key).sort();
}

async function createProject(page: Page, name: string, key: string): Promise<void> {
  await page.getByRole('button', { name: 'New project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Key').fill(key);
  await dialog.getByRole('button', { name: 'Create project' }).click();
}

test('a switch in one tab is followed by the others, and a tab left behind cannot act', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Tess Tabs', email: uniqueEmail('org-tabs') });
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const suffix = Date.now().toString(36);
  const created = await page.request.post('/api/v1/auth/organization/create', {
    data: { name: `Initech ${suffix}`, slug: `initech-${suffix}`, keepCurrentActiveOrganization: true },
    headers: { origin },
  });
  expect(created.ok()).toBe(true);
  const personal = "Tess Tabs's workspace";

  // Tab B follows switches; tab C stands for a tab that missed the news (no BroadcastChannel).
  const tabB = await context.newPage();
  const tabC = await context.newPage();
  await tabC.addInitScript(() => {
    Reflect.deleteProperty(globalThis, 'BroadcastChannel');
  });
  for (const tab of [page, tabB, tabC]) {
    await tab.goto('/dashboard/projects');
    await expect(switcher(tab)).toContainText(personal);
  }

  // 1. Switch in tab A.
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: `Initech ${suffix}` }).click();
  await expect(switcher(page)).toContainText(`Initech ${suffix}`);

  // 2. Tab B reloads into the new organization and says so.
  await expect(switcher(tabB)).toContainText(`Initech ${suffix}`);
  await expect(tabB.getByText(`Switched to Initech ${suffix} in another tab.`)).toBeVisible();
  await createProject(tabB, 'Printers', 'PRN');
  await expect(tabB.getByRole('heading', { name: 'Printers', level: 1 })).toBeVisible();

  // 3. Tab C still shows the old organization: its create is refused, and lands nowhere.
  await expect(switcher(tabC)).toContainText(personal);
  await createProject(tabC, 'Staplers', 'STP');
  const dialog = tabC.getByRole('dialog', { name: 'New project' });
  await expect(dialog).toContainText('switched in another tab');
  expect(await projectKeys(page)).toEqual(['PRN']);

  // After a reload, tab C shows where it acts.
  await tabC.reload();
  await expect(switcher(tabC)).toContainText(`Initech ${suffix}`);
  await expect(tabC.getByRole('link', { name: /Printers/ }).first()).toBeVisible();
});
