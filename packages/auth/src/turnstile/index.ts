import { captcha } from 'better-auth/plugins';

export interface TurnstileOptions {
  secretKey: string;
  /** Cloudflare's siteverify endpoint, or a stand-in. @default Cloudflare's */
  verifyUrl?: string;
}

/** Where a bot could create or try accounts in bulk: the challenge guards exactly these. */
const TURNSTILE_GUARDED_PATHS = ['/sign-up/email', '/sign-in/email'];

/** Cloudflare Turnstile's bot challenge on email sign-in and sign-up. */
export function turnstile(options: TurnstileOptions) {
  return captcha({
    provider: 'cloudflare-turnstile',
    secretKey: options.secretKey,
    siteVerifyURLOverride: options.verifyUrl,
    endpoints: TURNSTILE_GUARDED_PATHS,
  });
}
