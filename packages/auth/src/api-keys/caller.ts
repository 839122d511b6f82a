import { getSessionFromCtx } from 'better-auth/api';
import { authError } from '../shared/errors';
import {
  activeOrganizationIdOf,
  type HookContext,
  isRecord,
  isServerCall,
  text,
} from '../shared/hook-context';
import { isApiKeyToken } from './metadata';

export interface Caller {
  userId: string;
  activeOrganizationId: string | null;
}

/**
 * A session sent as `Authorization: Bearer <session token>` (the CLI's login). Plugins' before-hooks
 * see the request as it arrived, before the bearer plugin turns the token into a cookie, so the hooks
 * resolve it themselves, accepting what the bearer plugin accepts (a signed or a raw token).
 */
async function bearerSessionOf(ctx: HookContext) {
  const header = ctx.headers?.get('authorization') ?? ctx.request?.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!token || isApiKeyToken(token)) return null;
  let raw: string;
  try {
    raw = decodeURIComponent(token).split('.')[0] ?? '';
  } catch {
    return null;
  }
  if (raw === '') return null;
  const found = await ctx.context.internalAdapter.findSession(raw);
  return found && new Date(found.session.expiresAt) > new Date() ? found : null;
}

/** The caller's session, from a cookie or a bearer session token. */
export async function sessionOf(ctx: HookContext) {
  return (
    (await getSessionFromCtx(ctx, { disableCookieCache: true }).catch(() => null)) ??
    (await bearerSessionOf(ctx))
  );
}

/** The signed-in user; for a server-side call without a session, the `userId` it names. */
export async function callerOf(ctx: HookContext): Promise<Caller> {
  const session = await sessionOf(ctx);
  if (session)
    return { userId: session.user.id, activeOrganizationId: activeOrganizationIdOf(session.session) };
  const userId = text(isRecord(ctx.body) ? ctx.body.userId : undefined);
  if (isServerCall(ctx) && userId) return { userId, activeOrganizationId: null };
  throw authError('UNAUTHORIZED_SESSION');
}
