/**
 * Business constants of the product, named for what they tune. Everything that tunes caching, router
 * timing, toasts or analytics reads them from here so the numbers live in one place.
 */

// ── Data (React Query) ──
/** Data freshness: a query result counts as fresh for this long. */
export const DATA_FRESHNESS_MS = 300_000;
/** Unused cache kept: an unobserved query result is kept this long before garbage collection. */
export const UNUSED_CACHE_MS = 600_000;
/** Default retries for a failed query. */
export const DEFAULT_RETRIES = 3;
/** Exponential backoff between retries is capped here. */
export const RETRY_DELAY_CAP_MS = 30_000;
/** First retry waits this long; each further retry doubles it. */
export const RETRY_BASE_DELAY_MS = 1_000;

// ── Session ──
/**
 * After a call that changes the session (sign-in, sign-up, sign-out, update-user, delete-user,
 * verify-email, organization switches), the session is asked for again this long afterwards, so the
 * answer reflects the cookie the call just set.
 */
export const SESSION_REFETCH_DELAY_MS = 10;

// ── Router (TanStack Router) ──
/** Hovering a link this long starts preloading its route. */
export const ROUTER_PRELOAD_DELAY_MS = 50;
/** A pending view is shown only if loading takes longer than this. */
export const ROUTER_PENDING_MS = 1_000;
/** Once shown, a pending view stays at least this long (avoids a flash). */
export const ROUTER_PENDING_MIN_MS = 500;
/** Route cache: loaded and preloaded route data is kept this long. */
export const ROUTER_CACHE_MS = 300_000;
/** Preloaded route data counts as fresh for this long. */
export const ROUTER_PRELOAD_STALE_MS = 30_000;
/**
 * Link preload viewport margin. TanStack Router's `preload="viewport"` uses exactly this root margin
 * and offers no option to change it, so the constant documents the behaviour rather than configuring it.
 */
export const LINK_PRELOAD_VIEWPORT_MARGIN = '100px';

// ── Toasts (sonner) ──
export const TOAST_DURATION_MS = 4_000;
export const TOAST_VISIBLE_MAX = 3;
export const TOAST_GAP_PX = 14;
export const TOAST_WIDTH_PX = 356;
export const TOAST_POSITION = 'bottom-left' as const;

// ── Analytics (PostHog) ──
/** Rage click: this many clicks … */
export const RAGE_CLICK_COUNT = 3;
/** … within this window … */
export const RAGE_CLICK_WINDOW_MS = 1_000;
/** … within this distance. */
export const RAGE_CLICK_DISTANCE_PX = 30;
/** PostHog config defaults snapshot. */
export const ANALYTICS_DEFAULTS_DATE = '2025-05-24' as const;

/** Exponential backoff: 1 s, 2 s, 4 s, … never more than the cap. */
export function retryDelay(failureCount: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** failureCount, RETRY_DELAY_CAP_MS);
}
