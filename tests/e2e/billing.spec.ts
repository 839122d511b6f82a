import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

// The e2e server runs without STRIPE_* variables, as a self-hosted installation does: billing is off.

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
  for (const [path, title] of BILLING_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'This installation has no billing' })).toBeVisible();
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
  await expect(page.getByRole('heading', { name: 'This installation has no billing' })).toBeVisible();
});
