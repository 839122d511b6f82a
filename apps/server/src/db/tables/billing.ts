import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationOwned } from './columns';

/**
 * Stripe events already applied, by Stripe's event id. Stripe delivers at least once and retries,
 * so a replayed event must announce nothing a second time.
 */
export const billingWebhookEvent = pgTable(
  'billing_webhook_event',
  {
    ...organizationOwned(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('billing_webhook_event_organization_id_idx').on(table.organizationId)],
);
