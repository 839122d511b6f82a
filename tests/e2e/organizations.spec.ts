import { type Browser, expect, type Page, test } from '@playwright/test';
import { pagesOfTheirOwn, signUp, uniqueEmail } from './support';

// Each person gets a browser context of their own; all are closed after each test.
const newPage = pagesOfTheirOwn();

/** A signed-up user in a browser of their own. */
async function newUser(
  browser: Browser,
  name: string,
  label: string,
): Promise<{ page: Page; email: string }> {
  const page = await newPage(browser);
  const email = uniqueEmail(label);
  await signUp(page, { name, email });
  return { page, email };
}

const switcher = (page: Page) => page.getByRole('button', { name: /^Current organization:/ });

/** The active organization's id, as the server sees this page's session. */
function activeOrganizationId(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/auth/get-session');
    const body = (await response.json()) as { session: { activeOrganizationId: string } };
    return body.session.activeOrganizationId;
  });
}

test('an owner invites a member, who accepts and sees the organization but may not delete it', async ({
  browser,
}) => {
  // Three people and a dozen pages: on a machine busy with other work this passed 60 s.
  test.setTimeout(120_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const orgName = `Acme Robotics ${suffix}`;
  const owner = await newUser(browser, 'Olivia Owner', 'owner');

  // The owner names the personal organization sign-up made.
  await owner.page.goto('/dashboard/settings/organization');
  await owner.page.getByLabel('Organization name').fill(orgName);
  await owner.page.getByRole('button', { name: 'Save changes' }).click();
  await expect(owner.page.getByText('Organization saved')).toBeVisible();
  await expect(switcher(owner.page)).toContainText(orgName);

  // … and invites someone by email, then copies the link shown.
  const memberEmail = uniqueEmail('member');
  await owner.page.getByRole('link', { name: 'Members', exact: true }).first().click();
  await expect(owner.page).toHaveURL(/\/dashboard\/settings\/organization\/members$/);
  await owner.page.getByLabel('Email address').fill(memberEmail);
  await owner.page.getByLabel('Role', { exact: true }).selectOption('member');
  await owner.page.getByRole('button', { name: 'Send invitation' }).click();
  const link = await owner.page.getByLabel('Invitation link', { exact: true }).inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dashboard\/invitations\/[\w-]+$/);
  await expect(owner.page.getByRole('list', { name: 'Pending invitations' })).toContainText(memberEmail);

  // The member signs up in another browser, opens the link and accepts.
  const member = await newUser(browser, 'Max Member', 'member-signup');
  // (signed up with a different address first: an invitation is only for the address it was sent to)
  await member.page.goto(link);
  await expect(
    member.page.getByRole('heading', { name: 'This invitation is no longer valid' }),
  ).toBeVisible();

  const invited = await newPage(browser);
  await signUp(invited, { name: 'Max Member', email: memberEmail });
  await invited.goto(link);
  await expect(invited.getByRole('heading', { name: `Join ${orgName}` })).toBeVisible();
  await expect(invited.getByText(owner.email).first()).toBeVisible();
  await expect(invited.getByText('Member', { exact: true })).toBeVisible();
  await invited.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(invited).toHaveURL(/\/dashboard$/);
  await expect(switcher(invited)).toContainText(orgName);

  // The member sees the organization, but no way to delete it …
  await invited.goto('/dashboard/settings/organization');
  await expect(invited.getByLabel('Organization name')).toHaveValue(orgName);
  await expect(
    invited.getByText('Only an owner can delete the organization.', { exact: false }),
  ).toBeVisible();
  await expect(invited.getByRole('button', { name: /delete organization/i })).toHaveCount(0);
  // … and the API refuses it all the same.
  const organizationId = await activeOrganizationId(invited);
  const status = await invited.evaluate(async (id) => {
    const response = await fetch('/api/v1/auth/organization/delete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ organizationId: id }),
    });
    return response.status;
  }, organizationId);
  expect(status).toBe(403);

  // The owner sees the new member with their role; the invitation is no longer pending.
  await owner.page.reload();
  const row = owner.page.getByRole('listitem', { name: 'Max Member' });
  await expect(row.getByRole('combobox', { name: 'Role of Max Member' })).toHaveValue('member');
  await expect(owner.page.getByText('Nobody is waiting to join.')).toBeVisible();

  // The owner makes them an admin; the member's screen follows after a reload.
  await row.getByRole('combobox', { name: 'Role of Max Member' }).selectOption('admin');
  await expect(owner.page.getByText('Max Member is now admin')).toBeVisible();
  await invited.goto('/dashboard/settings/organization/members');
  await expect(invited.getByRole('button', { name: 'Send invitation' })).toBeVisible();
  await invited.goto('/dashboard/settings/organization');
  await expect(invited.getByRole('button', { name: /delete organization/i })).toHaveCount(0);
});

test('switching organization changes what the dashboard shows', async ({ page }) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  await signUp(page, { name: 'Sam Switch', email: uniqueEmail('switch') });
  await page.goto('/dashboard');
  await expect(switcher(page)).toContainText("Sam Switch's workspace");

  // Create a second organization: the slug follows the name and is checked before sending.
  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'Create organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create organization' });
  await dialog.getByLabel('Name').fill(`Globex ${suffix}`);
  await expect(dialog.getByLabel('Slug')).toHaveValue(`globex-${suffix}`);
  await dialog.getByLabel('Slug').fill('Not A Slug');
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(dialog.getByText('Use lowercase letters, digits and single dashes')).toBeVisible();
  await dialog.getByLabel('Slug').fill(`globex-${suffix}`);
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(dialog).toBeHidden();
  await expect(switcher(page)).toContainText(`Globex ${suffix}`);

  await page.goto('/dashboard/settings/organization');
  await expect(page.getByLabel('Organization name')).toHaveValue(`Globex ${suffix}`);

  // Switch back through the menu: the switcher and the settings follow.
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: "Sam Switch's workspace" }).click();
  await expect(switcher(page)).toContainText("Sam Switch's workspace");
  await expect(page.getByLabel('Organization name')).toHaveValue("Sam Switch's workspace");

  // Delete the second organization as its owner, confirming with its slug.
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: `Globex ${suffix}` }).click();
  await expect(page.getByLabel('Organization name')).toHaveValue(`Globex ${suffix}`);
  await page.getByRole('button', { name: 'Delete organization' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete Globex ${suffix}?` });
  await expect(confirm.getByRole('button', { name: 'Delete organization' })).toBeDisabled();
  await confirm.getByLabel('Organization slug').fill(`globex-${suffix}`);
  await confirm.getByRole('button', { name: 'Delete organization' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(switcher(page)).toContainText("Sam Switch's workspace");
  await switcher(page).click();
  await expect(page.getByRole('menuitemradio')).toHaveCount(1);
});

test('teams: create, rename, add and remove a member, delete', async ({ page }) => {
  await signUp(page, { name: 'Tess Teams', email: uniqueEmail('teams') });
  await page.goto('/dashboard/settings/organization/teams');
  await page.getByLabel('Team name').fill('Platform');
  await page.getByRole('button', { name: 'Create team' }).click();
  const team = page.getByRole('listitem', { name: 'Platform' });
  await expect(team).toBeVisible();
  await expect(team.getByText('Nobody is in this team yet.')).toBeVisible();

  await team
    .getByRole('combobox', { name: 'Add a member to Platform' })
    .selectOption({ label: 'Tess Teams' });
  await team.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(team.getByRole('list', { name: 'Members of Platform' })).toContainText('Tess Teams');

  await team.getByRole('button', { name: 'Remove Tess Teams from Platform' }).click();
  await expect(team.getByText('Nobody is in this team yet.')).toBeVisible();

  await team.getByRole('button', { name: 'Rename Platform' }).click();
  await page.getByLabel('New name for Platform').fill('Infrastructure');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const renamed = page.getByRole('listitem', { name: 'Infrastructure' });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Delete Infrastructure' }).click();
  await page
    .getByRole('dialog', { name: 'Delete team Infrastructure?' })
    .getByRole('button', { name: 'Delete team' })
    .click();
  await expect(page.getByText('No teams yet.')).toBeVisible();
});

test("switching organization shows the new organization's projects at once, on the page it is on", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  await signUp(page, { name: 'Olga Orgs', email: uniqueEmail('org-projects') });
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const created = await page.request.post('/api/v1/projects', {
    data: { name: `Apollo ${suffix}`, key: 'APO' },
    headers: { origin },
  });
  expect(created.ok()).toBe(true);

  await page.goto('/dashboard/projects');
  const projects = page.getByRole('main');
  await expect(projects.getByRole('link', { name: `Apollo ${suffix}` })).toBeVisible();

  // A second organization becomes the active one: its (empty) project list shows, never Apollo.
  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'Create organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create organization' });
  await dialog.getByLabel('Name').fill(`Zenith ${suffix}`);
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(switcher(page)).toContainText(`Zenith ${suffix}`);
  await expect(projects.getByRole('link', { name: `Apollo ${suffix}` })).toHaveCount(0);
  // The toast says so bottom-left, clear of the sidebar rather than over it.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `Created Zenith ${suffix}` });
  await expect(toast).toBeVisible();
  const sidebar = await page.locator('[data-app-sidebar]').boundingBox();
  expect((await toast.boundingBox())?.x).toBeGreaterThanOrEqual((sidebar?.x ?? 0) + (sidebar?.width ?? 0));

  // Back through the menu, and over to the overview: Apollo is there again without a reload.
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: "Olga Orgs's workspace" }).click();
  await expect(projects.getByRole('link', { name: `Apollo ${suffix}` })).toBeVisible();
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: `Zenith ${suffix}` }).click();
  await expect(switcher(page)).toContainText(`Zenith ${suffix}`);
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Apollo ${suffix}`)).toHaveCount(0);

  // On Apollo's board, a switch leaves the board: the new organization's projects show instead.
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: "Olga Orgs's workspace" }).click();
  await expect(switcher(page)).toContainText("Olga Orgs's workspace");
  await page.goto(`/dashboard/projects/${((await created.json()) as { id: string }).id}`);
  await expect(page.getByRole('heading', { name: `Apollo ${suffix}`, level: 1 })).toBeVisible();
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: `Zenith ${suffix}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByText(`Apollo ${suffix}`)).toHaveCount(0);
});
