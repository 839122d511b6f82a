import { APIError, createAuthMiddleware } from 'better-auth/api';
import { isRecord } from '../shared/hook-context';
import { cleanDeviceName } from './user-code';

function invalidRequest(description: string): APIError {
  return new APIError('BAD_REQUEST', { error: 'invalid_request', error_description: description });
}

/** Before /device/code: a device may not pre-bind the code to a user, and names itself in text. */
export const checkCodeRequest = createAuthMiddleware(async (ctx) => {
  const body = isRecord(ctx.body) ? ctx.body : undefined;
  if (!body) return;
  // Pre-binding a code to a user id is for trusted server-side callers, never a device.
  if (body.user_id !== undefined && ctx.request) throw invalidRequest('user_id is not accepted');
  if (body.device_name !== undefined && typeof body.device_name !== 'string')
    throw invalidRequest('device_name must be a string');
});

/** After /device/code: the name the device gave is stored with its code. */
export const storeDeviceName = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  const deviceName = cleanDeviceName(isRecord(ctx.body) ? ctx.body.device_name : undefined);
  if (!isRecord(returned) || typeof returned.device_code !== 'string' || !deviceName) return;
  await ctx.context.adapter.update({
    model: 'deviceCode',
    where: [{ field: 'deviceCode', value: returned.device_code }],
    update: { deviceName },
  });
});
