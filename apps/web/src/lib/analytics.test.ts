import type { PostHog } from 'posthog-js';
import { describe, expect, it, vi } from 'vitest';
import { analyticsOptions, DEFAULT_POSTHOG_HOST, initAnalytics } from './analytics';

function fakePostHog() {
  const init = vi.fn();
  return { module: { default: { init } as unknown as PostHog }, init };
}

describe('initAnalytics', () => {
  it('does nothing without a key: PostHog is never loaded, so nothing can be sent', async () => {
    const load = vi.fn();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await expect(initAnalytics({}, load)).resolves.toBeNull();
    await expect(initAnalytics({ posthogKey: '' }, load)).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('starts PostHog with the product settings when a key is set', async () => {
    const { module, init } = fakePostHog();
    const posthog = await initAnalytics(
      { posthogKey: 'phc_test', posthogHost: 'https://eu.i.posthog.com' },
      async () => module,
    );
    expect(posthog).toBe(module.default);
    expect(init).toHaveBeenCalledWith('phc_test', {
      api_host: 'https://eu.i.posthog.com',
      defaults: '2025-05-24',
      rageclick: { click_count: 3, timeout_ms: 1_000, threshold_px: 30 },
    });
  });

  it('falls back to the default host', () => {
    expect(analyticsOptions({}).api_host).toBe(DEFAULT_POSTHOG_HOST);
  });
});
