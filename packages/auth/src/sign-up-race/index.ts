import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { authError } from '../shared/errors';
import { isRecord } from '../shared/hook-context';

const SIGN_UP_PATH = '/sign-up/email';

/**
 * Two sign-ups for one address at once (a double-clicked button, a retried request) both find the
 * address free, and the later insert fails on the unique e-mail. better-auth answers that as
 * FAILED_TO_CREATE_USER, which reads as a fault; when the address now has an account, the answer is the
 * one any later sign-up for it gets: the address is taken. (The log line is dropped in logBetterAuth.)
 */
export function signUpRace(): BetterAuthPlugin {
  return {
    id: 'switchboard-sign-up-race',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === SIGN_UP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!(returned instanceof APIError) || returned.body?.code !== 'FAILED_TO_CREATE_USER') return;
            const email = isRecord(ctx.body) && typeof ctx.body.email === 'string' ? ctx.body.email : '';
            const taken = email && (await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase()));
            if (taken) throw authError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
          }),
        },
      ],
    },
  };
}
