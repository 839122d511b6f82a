import { type Browser, expect, type Page, test } from '@playwright/test';
import { LIVE_MS, signUp, uniqueEmail } from './support';

async function newPerson(browser: Browser, name: string, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(label);
  await signUp(page, { name, email });
  return { context, page, email };
}

/** The inviter invites through the members screen, as a person would. */
async function invite(owner: Page, email: string) {
  await owner.goto('/dashboard/settings/organization/members');
  await owner.getByLabel('Email address').fill(email);
  await owner.getByLabel('Role', { exact: true }).selectOption('member');
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByRole('list', { name: 'Pending invitations' })).toContainText(email);
}

const switcher = (page: Page) => page.getByRole('button', { name: /^Current organization:/ });

test('someone with an account sees an invitation live on home and in the inbox, declines one and accepts the next', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const orgName = `Apollo Guidance ${Math.random().toString(36).slice(2, 7)}`;
  const owner = await newPerson(browser, 'Margaret Hamilton', 'inviter');
  const invitee = await newPerson(browser, 'Don Eyles', 'invitee');
  try {
    await owner.page.goto('/dashboard/settings/organization');
    await owner.page.getByLabel('Organization name').fill(orgName);
    await owner.page.getByRole('button', { name: 'Save changes' }).click();
    await expect(owner.page.getByText('Organization saved')).toBeVisible();

    // 1. The invitee waits on their home page, in their own organization; the invitation appears there.
    await invitee.page.goto('/dashboard');
    await expect(invitee.page.locator('[data-realtime="live"]')).toBeVisible();
    const onHome = invitee.page.getByRole('listitem', { name: `Invitation to ${orgName}` });
    await expect(onHome).toHaveCount(0);
    await invite(owner.page, invitee.email);
    await expect(onHome).toContainText('Margaret Hamilton invited you to join', { timeout: LIVE_MS });
    await expect(onHome).toContainText('as member');

    // 2. The inbox shows it too; declining takes it away, and the inviter's list drops it.
    await invitee.page
      .getByRole('link', { name: /^Inbox/ })
      .first()
      .click();
    await expect(invitee.page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    const inInbox = invitee.page.getByRole('listitem', { name: `Invitation to ${orgName}` });
    await inInbox.getByRole('button', { name: 'Decline' }).click();
    await expect(invitee.page.getByText('Invitation declined')).toBeVisible();
    await expect(inInbox).toHaveCount(0);
    await expect(switcher(invitee.page)).not.toContainText(orgName);

    // 3. Invited again while the inbox is open: it appears live, and accepting joins the organization.
    await invite(owner.page, invitee.email);
    await expect(inInbox).toBeVisible({ timeout: LIVE_MS });
    await inInbox.getByRole('button', { name: 'Accept' }).click();
    await expect(invitee.page.getByText(`You joined ${orgName}`)).toBeVisible();
    await expect(invitee.page).toHaveURL(/\/dashboard$/);
    await expect(switcher(invitee.page)).toContainText(orgName);
    await expect(invitee.page.getByRole('listitem', { name: `Invitation to ${orgName}` })).toHaveCount(0);
  } finally {
    await owner.context.close();
    await invitee.context.close();
  }
});
