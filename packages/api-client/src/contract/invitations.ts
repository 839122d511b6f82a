import * as z from 'zod';
import { idSchema, timestampSchema } from './common';

/**
 * An invitation waiting for the caller: to an organization they are not in yet, sent to their address,
 * neither answered nor expired. Accepting and declining are better-auth's
 * (`/auth/organization/accept-invitation`, `/auth/organization/reject-invitation`).
 */
export const pendingInvitationSchema = z.object({
  id: idSchema,
  organization: z.object({ id: idSchema, name: z.string(), slug: z.string(), logo: z.string().nullable() }),
  role: z.string().describe('The role the caller gets on accepting: member, admin or owner'),
  inviter: z.object({ name: z.string(), email: z.string() }),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
