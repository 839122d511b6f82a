import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { verifyJWT } from 'better-auth/crypto';
import { authError } from '../shared/errors';
import { isRecord, text } from '../shared/hook-context';
import type { AccountErrorCode } from './error-codes';

const fail = (code: AccountErrorCode, message?: string) => authError(code, message);

/** A password reset link on its way to the account's address. */
export interface PasswordResetMessage {
  email: string;
  name: string;
  /** Opens the web's reset page with the token (or with an error once it expired or was used). */
  link: string;
}

/** A link on its way about changing an account's address. */
export interface EmailChangeMessage {
  /**
   * 'verify-new': sent to the new address; following it makes that the account's address.
   * 'confirm-current': sent to the current (verified) address first; following it sends 'verify-new'.
   */
  kind: 'verify-new' | 'confirm-current';
  /** Where this message goes. */
  to: string;
  name: string;
  newEmail: string;
  link: string;
}

/** A reset link (and the token in it) lasts an hour. */
export const PASSWORD_RESET_LIFETIME_SECONDS = 60 * 60;
/** A link to confirm or verify an address change lasts a day. */
export const EMAIL_CHANGE_LIFETIME_SECONDS = 60 * 60 * 24;

export interface AccountRecoveryOptions {
  sendPasswordReset?: (message: PasswordResetMessage) => Promise<void>;
  sendEmailChange?: (message: EmailChangeMessage) => Promise<void>;
}

/**
 * better-auth's password-reset options: the sender, and every other session ends on a reset.
 * `resetPage` is the web's reset page: better-auth's link checks the token and then sends the browser
 * there with it, or with ?error=INVALID_TOKEN once it expired or was used.
 */
export function passwordResetOptions(options: AccountRecoveryOptions, resetPage: string) {
  const send = options.sendPasswordReset;
  if (!send) return {};
  return {
    resetPasswordTokenExpiresIn: PASSWORD_RESET_LIFETIME_SECONDS,
    // Whoever knew the old password (the reason for a reset, often) is signed out everywhere.
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: async ({ user, url }: { user: { email: string; name: string }; url: string }) => {
      // The page the token goes to is always ours, whatever redirectTo the request named: a link to
      // someone else's site would hand them the token.
      const link = new URL(url);
      link.searchParams.set('callbackURL', resetPage);
      await send({ email: user.email, name: user.name, link: link.toString() });
    },
  } satisfies Partial<NonNullable<BetterAuthOptions['emailAndPassword']>>;
}

/**
 * better-auth's e-mail change: the new address must be verified before it replaces the old one, and
 * an account whose current address is verified confirms the change from that address first, so a
 * session left open in someone's browser cannot move the account to another mailbox.
 */
export function emailChangeOptions(options: AccountRecoveryOptions) {
  const send = options.sendEmailChange;
  if (!send) return { user: {}, emailVerification: {} };
  return {
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({
          user,
          newEmail,
          url,
        }: {
          user: { email: string; name: string };
          newEmail: string;
          url: string;
        }) =>
          send({
            kind: 'confirm-current',
            to: user.email,
            name: user.name,
            newEmail,
            link: url,
          }),
      },
    },
    emailVerification: {
      expiresIn: EMAIL_CHANGE_LIFETIME_SECONDS,
      // better-auth hands over the user with the address the link verifies: the new one for a change.
      sendVerificationEmail: async ({ user, url }: { user: { email: string; name: string }; url: string }) =>
        send({ kind: 'verify-new', to: user.email, name: user.name, newEmail: user.email, link: url }),
    },
  } satisfies Pick<BetterAuthOptions, 'user' | 'emailVerification'>;
}

/** The addresses a genuine, unexpired e-mail change token names; undefined for any other token. */
async function changeOf(
  token: string,
  secret: string,
): Promise<{ email: string; updateTo: string } | undefined> {
  const claims = await verifyJWT(token, secret);
  if (!claims) return undefined;
  const email = text(claims.email);
  const updateTo = text(claims.updateTo);
  return email && updateTo ? { email, updateTo } : undefined;
}

/**
 * Guards around better-auth's /change-email. The current password is asked for (when the account has
 * one), as for deleting the account: a session cookie alone must not be enough to move the account.
 * An address another account uses is refused in words: better-auth answers as if it sent a link,
 * hiding that the address is taken, but signing up with that address says so already, so hiding it
 * here would only leave the person waiting for a mail that never comes. The same check runs again
 * when the link is followed, in case someone signed up with the address in between.
 */
export function emailChangeGuard(): BetterAuthPlugin {
  return {
    id: 'switchboard-email-change-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/change-email',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session) return;
            const body = isRecord(ctx.body) ? ctx.body : {};
            const credential = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
            if (credential?.password) {
              const password = text(body.password);
              if (!password)
                throw fail('PASSWORD_REQUIRED', 'Enter your current password to change your email address.');
              const matches = await ctx.context.password.verify({ hash: credential.password, password });
              // better-auth's own code for a wrong password, as its change-password answers.
              if (!matches)
                throw new APIError('BAD_REQUEST', { code: 'INVALID_PASSWORD', message: 'Invalid password' });
            }
            const newEmail = text(body.newEmail)?.toLowerCase();
            if (!newEmail) return;
            const holder = await ctx.context.internalAdapter.findUserByEmail(newEmail);
            if (holder && holder.user.id !== session.user.id) throw fail('EMAIL_IN_USE');
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/verify-email',
          handler: createAuthMiddleware(async (ctx) => {
            const query = isRecord(ctx.query) ? ctx.query : {};
            const token = text(query.token);
            const change = token ? await changeOf(token, ctx.context.secret) : undefined;
            if (!change) return;
            const holder = await ctx.context.internalAdapter.findUserByEmail(change.updateTo);
            const owner = await ctx.context.internalAdapter.findUserByEmail(change.email);
            // No owner any more: the link was used already, and better-auth says so.
            if (!holder || !owner || holder.user.id === owner.user.id) return;
            const callbackURL = text(query.callbackURL);
            // Only back to a page of this site: this runs before better-auth's own origin check.
            if (callbackURL && ctx.context.isTrustedOrigin(callbackURL, { allowRelativePaths: true })) {
              const back = new URL(callbackURL, ctx.context.baseURL);
              back.searchParams.set('error', 'EMAIL_IN_USE');
              throw ctx.redirect(back.toString());
            }
            throw fail('EMAIL_IN_USE');
          }),
        },
      ],
    },
  };
}
