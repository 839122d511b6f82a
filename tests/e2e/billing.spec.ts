import { expect, test } from '@playwright/test';
import { BILLING_BASE_URL, billingServerForFile, FAKE_STRIPE_URL } from './billing-server';
import { pagesOfTheirOwn, signUp, uniqueEmail } from './support';

// Each person gets a browser context of their own; all are closed after each test.
const newPage = pagesOfTheirOwn({ baseURL: BILLING_BASE_URL });

// The main e2e server runs without STRIPE_* variables, as a self-hosted installation does: billing is
// off. The journeys that pay run against the second server, billing through the local fake Stripe.

const BILLING_PAGES = [
  ['/dashboard/settings/billing/subscription', 'Subscription'],
  ['/dashboard/settings/billing/payment', 'Payment'],
  ['/dashboard/settings/billing/invoices', 'Invoices'],
  ['/dashboard/settings/billing/success?session_id=cs_test_123', 'Checkout'],
] as const;

test('without billing every billing page says so, with nothing to click, and no trial is shown', async ({
  page,
}) => {
  await signUp(page, { name: 'Barbara Liskov', email: uniqueEmail('billing-off') });
  await page.goto('/dashboard');
  // Nothing offers the billing pages: not the sidebar, not the settings page.
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'API keys' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Subscription' })).toHaveCount(0);
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('region', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Billing' })).toHaveCount(0);
  // A billing page reached by its address says plainly that billing is not enabled.
  for (const [path, title] of BILLING_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Billing is not enabled' })).toBeVisible();
    await expect(main.getByText(/no plans, no limits and nothing to pay/)).toBeVisible();
    await expect(main.getByRole('button')).toHaveCount(0);
    await expect(main.getByRole('link')).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: /Team trial/ })).toHaveCount(0);
});

test('the checkout return page without session_id says so and offers the way back', async ({ page }) => {
  await signUp(page, { name: 'Barbara Liskov', email: uniqueEmail('billing-success') });
  await page.goto('/dashboard/settings/billing/success');
  await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  // Billing is off here, so the page says that first; the way back is the sidebar.
  await expect(page.getByRole('heading', { name: 'Billing is not enabled' })).toBeVisible();
});

test.describe('with billing on, through the fake Stripe', () => {
  billingServerForFile();
  test.use({ baseURL: BILLING_BASE_URL });

  test('trial → upgrade → Checkout → success "active" → the invoice → cancel at period end → resume', async ({
    page,
  }) => {
    // The longest journey here: sign-up, two trips to the fake Stripe and five pages.
    test.slow();
    await signUp(page, { name: 'Frances Allen', email: uniqueEmail('billing-journey') });
    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(sidebar.getByRole('link', { name: 'Subscription' })).toBeVisible();
    const main = page.getByRole('main');
    const plan = main.locator('dl[aria-label="Plan"]');

    // A new organization is on the Team trial, shown in the sidebar too.
    const trial = page.getByRole('link', { name: /Team trial.*14 days left/ }).first();
    await expect(trial).toBeVisible();
    await trial.click();
    await expect(page).toHaveURL(/\/dashboard\/settings\/billing\/subscription$/);
    await expect(plan).toContainText('Team');
    await expect(plan).toContainText('14 days left');

    // Upgrading goes to (the fake) Stripe Checkout; paying comes back to the success page.
    await main.getByRole('button', { name: 'Upgrade monthly' }).click();
    await expect(page).toHaveURL(new RegExp(`^${FAKE_STRIPE_URL}/checkout/`));
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\/billing\/success\?session_id=cs_/);
    await expect(main.getByRole('heading', { name: 'Your subscription is active' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('link', { name: /Team trial/ })).toHaveCount(0);

    // The payment left an invoice, and a card.
    await main.getByRole('link', { name: 'Invoices' }).click();
    const invoices = main.getByRole('table', { name: 'Invoices' });
    await expect(invoices.getByRole('row')).toHaveCount(2);
    await expect(invoices).toContainText('FAKE-');
    await expect(invoices).toContainText('$12.00');
    await expect(invoices).toContainText('Paid');
    await expect(invoices.getByRole('link', { name: /^PDF of FAKE-/ })).toHaveAttribute(
      'href',
      new RegExp(`^${FAKE_STRIPE_URL}/invoices/.+\\.pdf$`),
    );
    await page.goto('/dashboard/settings/billing/payment');
    await expect(main.getByRole('region', { name: 'Card on file' })).toContainText('Visa ending in 4242');

    // Cancelling asks first, then ends the plan at the period's end; resuming undoes it.
    await page.goto('/dashboard/settings/billing/subscription');
    await expect(plan).toContainText('Active');
    await expect(plan).toContainText('Renews on');
    await main.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(plan).toContainText('Ends on');
    await main.getByRole('button', { name: 'Resume subscription' }).click();
    await expect(plan).toContainText('Renews on');
    await expect(main.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();

    // What the page shows survives a reload: it is the server's state, not the page's.
    await page.reload();
    await expect(plan).toContainText('Renews on');
  });

  test('the checkout return page without a session, or with one that is not this organization’s', async ({
    page,
  }) => {
    await signUp(page, { name: 'Jean Sammet', email: uniqueEmail('billing-return') });
    const main = page.getByRole('main');
    await page.goto('/dashboard/settings/billing/success');
    await expect(main.getByRole('heading', { name: 'No checkout to confirm' })).toBeVisible();
    await main.getByRole('link', { name: 'Back to the subscription' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings\/billing\/subscription$/);

    await page.goto('/dashboard/settings/billing/success?session_id=cs_test_not_ours');
    await expect(main.getByRole('heading', { name: 'This checkout was not found' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Back to the subscription' })).toBeVisible();
  });

  test('a member sees the plan, usage and trial read-only, and the server refuses them checkout', async ({
    browser,
  }) => {
    const owner = await newPage(browser);
    await signUp(owner, { name: 'Olga Owner', email: uniqueEmail('billing-owner') });
    const memberEmail = uniqueEmail('billing-member');
    await owner.goto('/dashboard/settings/organization/members');
    await owner.getByLabel('Email address').fill(memberEmail);
    await owner.getByLabel('Role', { exact: true }).selectOption('member');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    const link = await owner.getByLabel('Invitation link', { exact: true }).inputValue();

    const member = await newPage(browser);
    await signUp(member, { name: 'Mo Member', email: memberEmail });
    await member.goto(link);
    await member.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(member).toHaveURL(/\/dashboard$/);

    await member.goto('/dashboard/settings/billing/subscription');
    const main = member.getByRole('main');
    await expect(main.locator('dl[aria-label="Plan"]')).toContainText('14 days left');
    await expect(main.getByText('Only owners and admins change the plan.')).toBeVisible();
    await expect(main.getByRole('button')).toHaveCount(0);
    const status = await member.evaluate(async () => {
      const response = await fetch('/api/v1/billing/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'team' }),
      });
      return response.status;
    });
    expect(status).toBe(403);
  });
});
