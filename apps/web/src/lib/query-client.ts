import { QueryClient } from '@tanstack/react-query';
import { DATA_FRESHNESS_MS, DEFAULT_RETRIES, retryDelay, UNUSED_CACHE_MS } from './constants';

/** The app's one QueryClient, with the defaults from constants.ts. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DATA_FRESHNESS_MS,
        gcTime: UNUSED_CACHE_MS,
        retry: DEFAULT_RETRIES,
        retryDelay,
      },
    },
  });
}
