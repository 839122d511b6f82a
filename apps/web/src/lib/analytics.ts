import type { PublicConfig } from '@switchboard/api-client/contract';
import type { PostHog, PostHogConfig } from 'posthog-js';
import {
  ANALYTICS_DEFAULTS_DATE,
  RAGE_CLICK_COUNT,
  RAGE_CLICK_DISTANCE_PX,
  RAGE_CLICK_WINDOW_MS,
} from './constants';

/** PostHog's US cloud, used when a key is set without a host. */
export const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';

export function analyticsOptions(config: Pick<PublicConfig, 'posthogHost'>): Partial<PostHogConfig> {
  return {
    api_host: config.posthogHost ?? DEFAULT_POSTHOG_HOST,
    defaults: ANALYTICS_DEFAULTS_DATE,
    rageclick: {
      click_count: RAGE_CLICK_COUNT,
      timeout_ms: RAGE_CLICK_WINDOW_MS,
      threshold_px: RAGE_CLICK_DISTANCE_PX,
    },
    // Autocapture cuts element text at 255 and attribute values at 1024 characters by itself.
  };
}

type PostHogModule = { default: PostHog };

/**
 * Starts PostHog only when the server configured a key. The library is imported lazily, so with
 * analytics off it is never downloaded and nothing is sent.
 */
export async function initAnalytics(
  config: Pick<PublicConfig, 'posthogKey' | 'posthogHost'>,
  load: () => Promise<PostHogModule> = () => import('posthog-js'),
): Promise<PostHog | null> {
  if (!config.posthogKey) return null;
  const { default: posthog } = await load();
  posthog.init(config.posthogKey, analyticsOptions(config));
  return posthog;
}
