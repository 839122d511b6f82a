import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';

/**
 * better-auth endpoints after which some caller may no longer act where they did: a key deleted or
 * changed, a session ended, a member gone, an organization deleted or switched away from.
 */
export const ACCESS_CHANGING_PATHS: ReadonlySet<string> = new Set([
  '/api-key/delete',
  '/api-key/update',
  '/sign-out',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/delete-user',
  '/delete-user/callback',
  '/organization/remove-member',
  '/organization/leave',
  '/organization/delete',
  '/organization/set-active',
]);

export interface AccessChangesOptions {
  /** Called after any endpoint that may end someone's access; open connections check their caller. */
  onAccessChange: () => void;
}

/**
 * Announces possible revocations, so long-lived connections (event streams, MCP sessions) end at once
 * instead of at their next periodic check. It says only that something changed, never who: each
 * connection checks its own caller, which keeps the rule in one place (the acting context).
 * Listed after every other plugin, so keys revoked on departure are already gone when it fires.
 */
export function accessChanges(options: AccessChangesOptions): BetterAuthPlugin {
  return {
    id: 'switchboard-access-changes',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path !== undefined && ACCESS_CHANGING_PATHS.has(ctx.path),
          handler: createAuthMiddleware(async () => {
            options.onAccessChange();
          }),
        },
      ],
    },
  };
}
