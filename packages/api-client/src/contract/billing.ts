import * as z from 'zod';
import { idSchema, timestampSchema } from './common';

/** `self-hosted` when this installation has no billing; every limit is then unlimited. */
export const billingPlanSchema = z.enum(['self-hosted', 'free', 'team']);
export type BillingPlan = z.infer<typeof billingPlanSchema>;

/** Stripe's subscription statuses we show, plus `none` when there is no subscription. */
export const billingStatusSchema = z.enum([
  'none',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'unpaid',
]);
export type BillingStatus = z.infer<typeof billingStatusSchema>;

const limitValueSchema = z.number().int().nullable().describe('null means unlimited');

export const planLimitsSchema = z.object({
  projects: limitValueSchema,
  agentProfiles: limitValueSchema,
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

/** The limits a plan can refuse by; the `limit` of a PLAN_LIMIT_REACHED error. */
export const planLimitNameSchema = z.enum(['projects', 'agentProfiles']);
export type PlanLimitName = z.infer<typeof planLimitNameSchema>;

/** The details of a PLAN_LIMIT_REACHED error. */
export const planLimitDetailsSchema = z.object({
  limit: planLimitNameSchema,
  max: z.number().int(),
  plan: billingPlanSchema,
});
export type PlanLimitDetails = z.infer<typeof planLimitDetailsSchema>;

/** GET /billing: the organization's plan, what it allows and what it uses; any member may read it. */
export const billingOverviewSchema = z.object({
  enabled: z.boolean().describe('false when this installation has no billing (self-hosted)'),
  plan: billingPlanSchema,
  planName: z.string(),
  status: billingStatusSchema,
  trialEndsAt: timestampSchema.nullable().describe("The end of the organization's free trial"),
  trialDaysLeft: z.number().int().nullable().describe('Whole days left of the trial; null outside it'),
  seats: z.number().int().nullable(),
  periodEnd: timestampSchema.nullable().describe('End of the paid period'),
  cancelAtPeriodEnd: z.boolean(),
  annual: z.boolean().nullable().describe('Whether the subscription is billed yearly; null without one'),
  limits: planLimitsSchema,
  usage: z.object({
    projects: z.number().int(),
    agentProfiles: z.number().int(),
    members: z.number().int(),
  }),
  canManage: z.boolean().describe('Whether the caller may change billing (owner, admin)'),
  prices: z.object({
    monthly: z.boolean().describe('A monthly price is configured'),
    annual: z.boolean().describe('An annual price is configured'),
  }),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const startCheckoutSchema = z.strictObject({
  plan: z.literal('team'),
  annual: z.boolean().optional().describe('Bill yearly; monthly when absent'),
});
export type StartCheckout = z.infer<typeof startCheckoutSchema>;

/** Where to send the browser next: Stripe Checkout or the billing portal. */
export const billingRedirectSchema = z.object({ url: z.url() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  createdAt: timestampSchema,
  amountDue: z.number().int().describe('In the currency’s smallest unit (cents)'),
  amountPaid: z.number().int().describe('In the currency’s smallest unit (cents)'),
  currency: z.string().describe('ISO 4217, lower case'),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']).nullable(),
  pdfUrl: z.string().nullable(),
  hostedUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const listInvoicesQuerySchema = z.strictObject({
  cursor: z
    .string()
    .regex(/^in_[A-Za-z0-9_]{1,250}$/, 'must be an invoice id')
    .optional()
    .describe('Return invoices older than this one'),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type ListInvoicesQuery = z.infer<typeof listInvoicesQuerySchema>;

export const invoicePageSchema = z.object({
  items: z.array(invoiceSchema),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last'),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const paymentCardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type PaymentCard = z.infer<typeof paymentCardSchema>;

export const paymentMethodSchema = z.object({ card: paymentCardSchema.nullable() });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * A checkout session of this organization, looked up on the success page: `active` once the
 * subscription is recorded, `confirming` while the payment's webhook has not landed, `expired` when it
 * was never paid.
 */
export const checkoutSessionSchema = z.object({
  id: idSchema,
  status: z.enum(['active', 'confirming', 'expired']),
  plan: billingPlanSchema,
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** The data of a `billing.updated` event: read GET /billing again for the whole picture. */
export const billingUpdateSchema = z.object({
  plan: billingPlanSchema,
  status: billingStatusSchema,
  cancelAtPeriodEnd: z.boolean(),
});
