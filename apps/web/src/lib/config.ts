import { type PublicConfig, publicConfigSchema } from '@switchboard/api-client/contract';
import { queryOptions } from '@tanstack/react-query';

export const CONFIG_PATH = '/api/v1/config';

/**
 * The public runtime configuration. It is read from the page's own origin: it is what tells the app
 * where everything else lives. A body that does not match the contract fails loudly.
 */
export async function fetchPublicConfig(fetcher: typeof fetch = fetch): Promise<PublicConfig> {
  const response = await fetcher(CONFIG_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load the app configuration (HTTP ${response.status}).`);
  return publicConfigSchema.parse(await response.json());
}

/** Runtime config never changes while the page is open. */
export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: () => fetchPublicConfig(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/**
 * The API origin for the auth client. When the API and the app are served together (the normal case)
 * the page's own origin is used, so cookies stay first-party whether the user typed localhost or
 * 127.0.0.1, and Vite's dev proxy keeps working. A separately hosted API is used as configured.
 */
export function resolveApiOrigin(
  config: Pick<PublicConfig, 'apiUrl' | 'appUrl'>,
  pageOrigin: string,
): string {
  const origin = (url: string) => {
    try {
      return new URL(url).origin;
    } catch {
      return undefined;
    }
  };
  const api = origin(config.apiUrl);
  if (api === undefined || api === origin(config.appUrl)) return pageOrigin;
  return api;
}
