import { organization } from '@switchboard/auth/schema';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Transaction } from '../changes';

/** The organization's Stripe customer id: set by the plugin at its first checkout, absent before. */
export async function stripeCustomerOf(
  db: Database | Transaction,
  organizationId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: organization.stripeCustomerId })
    .from(organization)
    .where(eq(organization.id, organizationId))
    .limit(1);
  return row?.customerId ?? undefined;
}

/** The organization a Stripe customer is; undefined for a customer this installation did not make. */
export async function organizationOfCustomer(
  db: Database | Transaction,
  customerId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.stripeCustomerId, customerId))
    .limit(1);
  return row?.id;
}

/** Whether the organization exists here (a webhook may name one of another installation's). */
export async function organizationExists(
  db: Database | Transaction,
  organizationId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.id, organizationId))
    .limit(1);
  return row !== undefined;
}
