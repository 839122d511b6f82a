import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { activeOrganizationIdOf, isRecord } from '../shared/hook-context';
import { enteredCode, findByUserCode } from './entered-code';
import { normalizeUserCode } from './user-code';

/** After GET /device: the owner of a claimed code also learns the device's name and when the code expires. */
export const describeClaimedCode = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  const code = enteredCode(ctx);
  if (!isRecord(returned) || returned.client_id === undefined || code === undefined) return;
  const row = await findByUserCode(ctx, code);
  if (!row) return;
  const expiresAt = new Date(row.expiresAt as string | Date);
  return ctx.json({
    ...returned,
    user_code: row.userCode,
    device_name: typeof row.deviceName === 'string' ? row.deviceName : null,
    expires_at: expiresAt.toISOString(),
  });
});

/** After /device/approve: the organization active where it was approved is stored with the code. */
export const rememberApprovingOrganization = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  const code = enteredCode(ctx);
  if (!isRecord(returned) || returned.success !== true || code === undefined) return;
  const session = await getSessionFromCtx(ctx).catch(() => null);
  const organizationId = activeOrganizationIdOf(session?.session);
  if (!organizationId) return;
  await ctx.context.adapter.update({
    model: 'deviceCode',
    where: [{ field: 'userCode', value: normalizeUserCode(code) }],
    update: { organizationId },
  });
});
