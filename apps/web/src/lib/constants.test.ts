import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_DEFAULTS_DATE,
  DATA_FRESHNESS_MS,
  DEFAULT_RETRIES,
  LINK_PRELOAD_VIEWPORT_MARGIN,
  RAGE_CLICK_COUNT,
  RAGE_CLICK_DISTANCE_PX,
  RAGE_CLICK_WINDOW_MS,
  RETRY_DELAY_CAP_MS,
  ROUTER_CACHE_MS,
  ROUTER_PENDING_MIN_MS,
  ROUTER_PENDING_MS,
  ROUTER_PRELOAD_DELAY_MS,
  ROUTER_PRELOAD_STALE_MS,
  retryDelay,
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_POSITION,
  TOAST_VISIBLE_MAX,
  TOAST_WIDTH_PX,
  UNUSED_CACHE_MS,
} from './constants';
import { createQueryClient } from './query-client';

describe('timing and layout constants', () => {
  it('keep the values the product promises (cache, retries, preloading, toasts)', () => {
    expect({
      DATA_FRESHNESS_MS,
      UNUSED_CACHE_MS,
      DEFAULT_RETRIES,
      RETRY_DELAY_CAP_MS,
      ROUTER_PRELOAD_DELAY_MS,
      ROUTER_PENDING_MS,
      ROUTER_PENDING_MIN_MS,
      ROUTER_CACHE_MS,
      ROUTER_PRELOAD_STALE_MS,
      LINK_PRELOAD_VIEWPORT_MARGIN,
      TOAST_DURATION_MS,
      TOAST_VISIBLE_MAX,
      TOAST_GAP_PX,
      TOAST_WIDTH_PX,
      TOAST_POSITION,
      RAGE_CLICK_COUNT,
      RAGE_CLICK_WINDOW_MS,
      RAGE_CLICK_DISTANCE_PX,
      ANALYTICS_DEFAULTS_DATE,
    }).toEqual({
      DATA_FRESHNESS_MS: 300_000,
      UNUSED_CACHE_MS: 600_000,
      DEFAULT_RETRIES: 3,
      RETRY_DELAY_CAP_MS: 30_000,
      ROUTER_PRELOAD_DELAY_MS: 50,
      ROUTER_PENDING_MS: 1_000,
      ROUTER_PENDING_MIN_MS: 500,
      ROUTER_CACHE_MS: 300_000,
      ROUTER_PRELOAD_STALE_MS: 30_000,
      LINK_PRELOAD_VIEWPORT_MARGIN: '100px',
      TOAST_DURATION_MS: 4_000,
      TOAST_VISIBLE_MAX: 3,
      TOAST_GAP_PX: 14,
      TOAST_WIDTH_PX: 356,
      TOAST_POSITION: 'bottom-left',
      RAGE_CLICK_COUNT: 3,
      RAGE_CLICK_WINDOW_MS: 1_000,
      RAGE_CLICK_DISTANCE_PX: 30,
      ANALYTICS_DEFAULTS_DATE: '2025-05-24',
    });
  });

  it('backs off exponentially and never waits more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('createQueryClient', () => {
  it('uses the spec defaults for every query', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(300_000);
    expect(queries?.gcTime).toBe(600_000);
    expect(queries?.retry).toBe(3);
    expect(queries?.retryDelay).toBe(retryDelay);
  });
});
