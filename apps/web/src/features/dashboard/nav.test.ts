import { describe, expect, it } from 'vitest';
import { dashboardNav } from './nav';

const billingLinks = (groups: ReturnType<typeof dashboardNav>) =>
  groups.flatMap((group) => group.items).filter((item) => item.to.startsWith('/dashboard/settings/billing'));

describe('dashboardNav', () => {
  it('offers no billing pages where no payment provider is configured', () => {
    for (const config of [{ billingEnabled: false }, {}]) {
      const groups = dashboardNav(config);
      expect(groups.map((group) => group.label)).toEqual(['Workspace', 'Settings']);
      expect(billingLinks(groups)).toEqual([]);
    }
  });

  it('offers subscription, payment and invoices where organizations are billed', () => {
    expect(billingLinks(dashboardNav({ billingEnabled: true })).map((item) => item.label)).toEqual([
      'Subscription',
      'Payment',
      'Invoices',
    ]);
  });
});
