import type { TypedApi } from '@switchboard/api-client';
import {
  type BillingOverview,
  billingOverviewSchema,
  type Invoice,
  invoiceSchema,
} from '@switchboard/api-client/contract';
import { vi } from 'vitest';

/** A billing overview as the server would answer, parsed with the contract so a wrong fixture fails. */
export function makeBillingOverview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return billingOverviewSchema.parse({
    enabled: true,
    plan: 'team',
    planName: 'Team',
    status: 'trialing',
    trialEndsAt: '2026-12-09T12:00:00.000Z',
    trialDaysLeft: 12,
    seats: null,
    periodEnd: null,
    cancelAtPeriodEnd: false,
    annual: null,
    limits: { projects: null, agentProfiles: null },
    usage: { projects: 2, agentProfiles: 3, members: 4 },
    canManage: true,
    prices: { monthly: true, annual: true },
    ...overrides,
  });
}

/** What an installation without billing answers. */
export const BILLING_OFF: BillingOverview = makeBillingOverview({
  enabled: false,
  plan: 'self-hosted',
  planName: 'Self-hosted',
  status: 'none',
  trialEndsAt: null,
  trialDaysLeft: null,
  prices: { monthly: false, annual: false },
});

/** A paid Team subscription, renewing monthly. */
export const ACTIVE_TEAM: BillingOverview = makeBillingOverview({
  status: 'active',
  trialEndsAt: null,
  trialDaysLeft: null,
  seats: 4,
  periodEnd: '2026-12-25T12:00:00.000Z',
  annual: false,
});

export function makeInvoice(overrides: Partial<Invoice> & Pick<Invoice, 'id'>): Invoice {
  return invoiceSchema.parse({
    number: `INV-${overrides.id}`,
    createdAt: '2026-11-25T12:00:00.000Z',
    amountDue: 4800,
    amountPaid: 4800,
    currency: 'usd',
    status: 'paid',
    pdfUrl: `https://files.stripe.test/${overrides.id}.pdf`,
    hostedUrl: null,
    ...overrides,
  });
}

type BillingCalls = { [Name in keyof TypedApi['billing']]: ReturnType<typeof vi.fn> };

/** A typed API whose billing calls are mocks the test answers; everything else is absent. */
export function fakeBillingApi(answers: Partial<Record<keyof TypedApi['billing'], unknown>> = {}) {
  const billing = Object.fromEntries(
    (
      [
        'get',
        'checkout',
        'cancel',
        'restore',
        'portal',
        'invoices',
        'paymentMethod',
        'checkoutSession',
      ] as const
    ).map((name) => [
      name,
      vi.fn(async () => {
        const answer = answers[name];
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    ]),
  ) as BillingCalls;
  return { api: { billing } as unknown as TypedApi, billing };
}
