import type { TypedApi } from '@switchboard/api-client';
import type { SearchResult } from '@switchboard/api-client/contract';
import { queryOptions } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';

/** Results of the command palette's search, per query; kept briefly, since the organization changes. */
export const globalSearchKeys = {
  all: ['search'] as const,
  query: (query: string, limit: number) => ['search', query, limit] as const,
};

/** How many results of each kind the palette shows. */
export const PALETTE_RESULTS_PER_KIND = 5;

export async function fetchSearchResults(
  api: TypedApi,
  query: string,
  limit: number,
  signal?: AbortSignal,
): Promise<SearchResult[]> {
  return (await api.search.find({ query: { q: query, limit }, signal })).items;
}

/** Projects, tasks, work units, members and agents matching `query`; asks nothing for an empty query. */
export const globalSearchQueryOptions = (api: TypedApi, query: string, limit = PALETTE_RESULTS_PER_KIND) =>
  queryOptions({
    queryKey: globalSearchKeys.query(query.trim(), limit),
    queryFn: ({ signal }) => fetchSearchResults(api, query.trim(), limit, signal),
    enabled: query.trim().length > 0,
    // No placeholder from the previous query: a stale result on top would take the Enter meant for
    // what the new words found.
    staleTime: 15_000,
    retry: retryUnlessClientError,
  });
