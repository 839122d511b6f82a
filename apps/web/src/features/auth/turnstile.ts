/** Cloudflare Turnstile's script; the server's CSP allows its origin only when Turnstile is on. */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** The header better-auth's captcha plugin reads the token from. */
export const CAPTCHA_HEADER = 'x-captcha-response';

export interface TurnstileRenderOptions {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback'?: () => void;
  'error-callback'?: () => void;
  theme?: 'light' | 'dark' | 'auto';
  action?: string;
}

export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | undefined;
  reset(widgetId?: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | undefined;

/**
 * Loads Turnstile's script once per page. A failed load is forgotten so a later attempt can try
 * again (e.g. after the network comes back).
 */
export function loadTurnstile(doc: Document = document): Promise<TurnstileApi> {
  const win = doc.defaultView;
  if (win?.turnstile) return Promise.resolve(win.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const api = doc.defaultView?.turnstile;
      if (api) resolve(api);
      else reject(new Error('Turnstile did not start'));
    };
    script.onerror = () => reject(new Error('Turnstile could not be loaded'));
    doc.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Headers for a sign-in or sign-up call: the challenge token when Turnstile is on. */
export function captchaHeaders(token: string | null): Record<string, string> | undefined {
  return token ? { [CAPTCHA_HEADER]: token } : undefined;
}
