import { APIError, createAuthMiddleware } from 'better-auth/api';
import { type HookContext, isRecord, type Row } from '../shared/hook-context';
import {
  cleanDeviceName,
  DEVICE_MAX_POLL_INTERVAL_SECONDS,
  DEVICE_SLOW_DOWN_STEP_SECONDS,
} from './user-code';

/**
 * The hooks around /device/token. Before, an approved code's row is read (the token call consumes
 * it); after, the new session is stamped from it, or a slow_down answer lengthens the code's interval.
 */
export function tokenRedemption(pollIntervalSeconds: number) {
  /** Facts about a code read before /device/token consumes it, for the hook that runs after it. */
  const redeeming = new Map<string, Row>();
  return {
    before: createAuthMiddleware(async (ctx) => {
      const deviceCode = isRecord(ctx.body) ? ctx.body.device_code : undefined;
      if (typeof deviceCode !== 'string' || deviceCode === '') return;
      const row = await ctx.context.adapter.findOne<Row>({
        model: 'deviceCode',
        where: [{ field: 'deviceCode', value: deviceCode }],
      });
      if (row?.status === 'approved') redeeming.set(deviceCode, row);
    }),
    after: createAuthMiddleware(async (ctx) => {
      const deviceCode = isRecord(ctx.body) ? ctx.body.device_code : undefined;
      if (typeof deviceCode !== 'string') return;
      const approved = redeeming.get(deviceCode);
      redeeming.delete(deviceCode);
      const returned = ctx.context.returned;
      if (returned instanceof APIError) {
        if ((returned.body as Row | undefined)?.error === 'slow_down')
          await slowDown(ctx, deviceCode, pollIntervalSeconds);
        return;
      }
      if (!approved || !isRecord(returned) || typeof returned.access_token !== 'string') return;
      await stampSession(ctx, returned.access_token, approved);
    }),
  };
}

/** RFC 8628 §3.5: after slow_down the client must wait 5 s longer, this time and every later time. */
async function slowDown(ctx: HookContext, deviceCode: string, pollIntervalSeconds: number): Promise<void> {
  const row = await ctx.context.adapter.findOne<Row>({
    model: 'deviceCode',
    where: [{ field: 'deviceCode', value: deviceCode }],
  });
  if (!row) return;
  const current = Number(row.pollingInterval ?? pollIntervalSeconds * 1000);
  await ctx.context.adapter.update({
    model: 'deviceCode',
    where: [{ field: 'id', value: row.id as string }],
    update: {
      pollingInterval: Math.min(
        current + DEVICE_SLOW_DOWN_STEP_SECONDS * 1000,
        DEVICE_MAX_POLL_INTERVAL_SECONDS * 1000,
      ),
    },
  });
}

/**
 * The new CLI session starts in the organization that was active where it was approved (when the user
 * still belongs to it), and its user agent names the client and device, which is how the
 * connected-devices page tells command-line logins from browsers.
 */
async function stampSession(ctx: HookContext, token: string, approved: Row): Promise<void> {
  const session = await ctx.context.adapter.findOne<Row>({
    model: 'session',
    where: [{ field: 'token', value: token }],
  });
  if (!session) return;
  const update: Row = {};
  const organizationId = approved.organizationId;
  if (typeof organizationId === 'string' && organizationId !== session.activeOrganizationId) {
    const membership = await ctx.context.adapter.findOne({
      model: 'member',
      where: [
        { field: 'userId', value: session.userId as string },
        { field: 'organizationId', value: organizationId },
      ],
    });
    if (membership) update.activeOrganizationId = organizationId;
  }
  const clientId = typeof approved.clientId === 'string' ? approved.clientId : 'device';
  const userAgent = typeof session.userAgent === 'string' ? session.userAgent : '';
  if (!userAgent.startsWith(`${clientId}/`)) {
    const name = cleanDeviceName(approved.deviceName) ?? 'unnamed device';
    update.userAgent = `${clientId}/unknown (${name})${userAgent ? ` ${userAgent}` : ''}`;
  }
  if (Object.keys(update).length === 0) return;
  await ctx.context.adapter.update({
    model: 'session',
    where: [{ field: 'id', value: session.id as string }],
    update,
  });
}
