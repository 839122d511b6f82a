import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function post(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

const menuButton = (page: Page) => page.getByRole('button', { name: /^Saved view/ });
const rowKeys = (page: Page) => page.locator('[data-row-task] a[data-task-id] > span:nth-child(2)');

async function saveView(page: Page, name: string, shared: boolean) {
  await menuButton(page).click();
  await page.getByRole('menuitem', { name: 'Save as new view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill(name);
  if (shared) await dialog.getByLabel('Share with the organization').check();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(menuButton(page)).toHaveAccessibleName(`Saved view: ${name}`);
}

test('a person saves the list as views, opens, updates and deletes them; a colleague sees the shared one', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signUp(page, { name: 'Katherine Johnson', email: uniqueEmail('views') });
  const project = await post(page, '/projects', { name: 'Trajectories', key: 'VEW' });
  await post(page, `/projects/${project.id}/tasks`, { title: 'Compute the orbit', priority: 'high' });
  await post(page, `/projects/${project.id}/tasks`, { title: 'Check the landing', priority: 'low' });
  await post(page, `/projects/${project.id}/tasks`, { title: 'Plot the re-entry', priority: 'high' });

  // 1. Arrange the list and save it as a personal view: the URL names the view beside its filters.
  await page.goto(`/dashboard/projects/${project.id}?view=list`);
  await page.getByLabel('Priority', { exact: true }).selectOption('high');
  await page.getByLabel('Sort by').selectOption('title');
  await page.getByRole('button', { name: /sort descending/ }).click();
  await saveView(page, 'Hot, Z to A', false);
  await expect(page).toHaveURL(/savedView=/);
  await expect(rowKeys(page)).toHaveText(['VEW-3', 'VEW-1']);

  // 2. A changed filter says so; updating the view keeps the change in it.
  await page.getByLabel('Group by').selectOption('priority');
  await expect(menuButton(page)).toHaveAccessibleName('Saved view: Hot, Z to A (changed)');
  await menuButton(page).click();
  await page.getByRole('menuitem', { name: 'Update “Hot, Z to A” to this list' }).click();
  await expect(menuButton(page)).toHaveAccessibleName('Saved view: Hot, Z to A');

  // 3. From a plain list, picking the view brings its filters, grouping and sort back into the URL.
  await page.goto(`/dashboard/projects/${project.id}?view=list`);
  await expect(rowKeys(page)).toHaveCount(3);
  await menuButton(page).click();
  await page.getByRole('menuitemradio', { name: /Hot, Z to A/ }).click();
  await expect(page).toHaveURL(/priority=high/);
  await expect(page).toHaveURL(/group=priority/);
  await expect(page.getByLabel('Sort by')).toHaveValue('title');
  await expect(rowKeys(page)).toHaveText(['VEW-3', 'VEW-1']);
  await page.reload();
  await expect(menuButton(page)).toHaveAccessibleName('Saved view: Hot, Z to A');

  // 4. A shared view, seen by a colleague who joins; the personal one stays the author's.
  await page.goto(`/dashboard/projects/${project.id}?view=list&priority=low`);
  await saveView(page, 'Low for the team', true);
  const colleagueEmail = uniqueEmail('views-colleague');
  const invitation = await post(page, '/auth/organization/invite-member', {
    email: colleagueEmail,
    role: 'member',
  });
  const context = await browser.newContext();
  try {
    const colleague = await context.newPage();
    await signUp(colleague, { name: 'Dorothy Vaughan', email: colleagueEmail });
    await post(colleague, '/auth/organization/accept-invitation', { invitationId: invitation.id });
    await colleague.goto(`/dashboard/projects/${project.id}?view=list`);
    await menuButton(colleague).click();
    await expect(colleague.getByRole('menuitemradio')).toHaveText([
      /Low for the team.*Shared · Katherine Johnson/,
    ]);
    await colleague.getByRole('menuitemradio', { name: /Low for the team/ }).click();
    await expect(rowKeys(colleague)).toHaveText(['VEW-2']);
    // Not theirs, so no changing it.
    await menuButton(colleague).click();
    await expect(colleague.getByRole('menuitem', { name: 'Rename or share…' })).toHaveCount(0);
    await colleague.keyboard.press('Escape');
  } finally {
    await context.close();
  }

  // 5. The author renames the shared view and deletes the personal one.
  await menuButton(page).click();
  await page.getByRole('menuitem', { name: 'Rename or share…' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit view' });
  await edit.getByLabel('Name').fill('Low priority');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(menuButton(page)).toHaveAccessibleName('Saved view: Low priority');
  await menuButton(page).click();
  await page.getByRole('menuitemradio', { name: /Hot, Z to A/ }).click();
  await menuButton(page).click();
  await page.getByRole('menuitem', { name: 'Delete “Hot, Z to A”…' }).click();
  await page
    .getByRole('dialog', { name: 'Delete view “Hot, Z to A”?' })
    .getByRole('button', { name: 'Delete view' })
    .click();
  await expect(page).not.toHaveURL(/savedView=/);
  await menuButton(page).click();
  await expect(page.getByRole('menuitemradio')).toHaveText([/Low priority/]);
});
