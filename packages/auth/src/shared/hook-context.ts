import type { getSessionFromCtx } from 'better-auth/api';

/** A database row or request body as better-auth hands it over: fields of unknown type. */
export type Row = Record<string, unknown>;

/** The context a hook handler gets (what getSessionFromCtx takes). */
export type HookContext = Parameters<typeof getSessionFromCtx>[0];

export function isRecord(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string, else undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The organization a session acts in. The organization plugin adds the field to sessions, but the
 * session type hooks see is the core one, without plugin fields.
 */
export function activeOrganizationIdOf(session: object | undefined | null): string | null {
  if (!session || !('activeOrganizationId' in session)) return null;
  return text(session.activeOrganizationId) ?? null;
}

/** A call made on the server (auth.api.…) rather than over HTTP: it carries no request and no headers. */
export function isServerCall(ctx: HookContext): boolean {
  return !ctx.request && !ctx.headers;
}
