import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_HEADER, captchaHeaders, TURNSTILE_SCRIPT_URL, type TurnstileApi } from './turnstile';

// The loader remembers its script for the page's lifetime: each test gets a fresh module.
async function freshLoader() {
  vi.resetModules();
  return (await import('./turnstile')).loadTurnstile;
}

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
  delete window.turnstile;
});

describe('loadTurnstile', () => {
  it('adds the script once and resolves with the API when it has loaded', async () => {
    const loadTurnstile = await freshLoader();
    const first = loadTurnstile();
    const second = loadTurnstile();
    const scripts = document.querySelectorAll(`script[src="${TURNSTILE_SCRIPT_URL}"]`);
    expect(scripts).toHaveLength(1);
    const api = {
      render: () => 'w1',
      reset: () => undefined,
      remove: () => undefined,
    } satisfies TurnstileApi;
    window.turnstile = api;
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
  });

  it('forgets a failed load so the next call tries again', async () => {
    const loadTurnstile = await freshLoader();
    const failed = loadTurnstile();
    document.querySelector('script')?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('could not be loaded');
    void loadTurnstile().catch(() => undefined);
    expect(document.querySelectorAll(`script[src="${TURNSTILE_SCRIPT_URL}"]`)).toHaveLength(2);
  });
});

describe('captchaHeaders', () => {
  it('sends the token in the header better-auth reads, and nothing without one', () => {
    expect(captchaHeaders('tok')).toEqual({ [CAPTCHA_HEADER]: 'tok' });
    expect(CAPTCHA_HEADER).toBe('x-captcha-response');
    expect(captchaHeaders(null)).toBeUndefined();
  });
});
