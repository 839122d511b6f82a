import type { PublicConfig } from '@switchboard/api-client/contract';
import { API_BASE_PATH, CONFIG_PATH } from '@switchboard/api-client/paths';
import { queryOptions } from '@tanstack/react-query';

/**
 * Where the configuration is read, from the dependency-free paths module: the endpoint descriptors
 * would bring zod into the entry chunk, which every page loads before it renders.
 */
export const CONFIG_URL_PATH = `${API_BASE_PATH}${CONFIG_PATH}`;

const REQUIRED_STRINGS = ['apiUrl', 'appUrl', 'googleClientId', 'turnstileSiteKey'] as const;
const FLAGS = ['enableGithubSignin', 'enableEmailSignin'] as const;
const OPTIONAL_STRINGS = ['communityUrl', 'altAppUrl', 'posthogKey', 'posthogHost'] as const;
const OPTIONAL_FLAGS = ['turnstileEnabled', 'billingEnabled'] as const;

/**
 * A quick check that accepts only bodies publicConfigSchema surely accepts, and returns what the schema
 * would (known keys only). Anything else returns undefined and goes to the schema itself. This keeps
 * zod out of the entry chunk: every page needs the config before it renders, so it must stay small.
 */
export function quickParsePublicConfig(body: unknown): PublicConfig | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const input = body as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  for (const key of REQUIRED_STRINGS) {
    if (typeof input[key] !== 'string') return undefined;
    config[key] = input[key];
  }
  if (typeof input.brandName !== 'string' || input.brandName.length === 0) return undefined;
  config.brandName = input.brandName;
  for (const key of FLAGS) {
    if (typeof input[key] !== 'boolean') return undefined;
    config[key] = input[key];
  }
  for (const key of OPTIONAL_STRINGS) {
    if (input[key] === undefined) continue;
    if (typeof input[key] !== 'string') return undefined;
    config[key] = input[key];
  }
  for (const key of OPTIONAL_FLAGS) {
    if (input[key] === undefined) continue;
    if (typeof input[key] !== 'boolean') return undefined;
    config[key] = input[key];
  }
  return config as PublicConfig;
}

/**
 * The public runtime configuration. It is read from the page's own origin: it is what tells the app
 * where everything else lives. The contract's schema has the last word: a body the quick check does
 * not accept is parsed by publicConfigSchema (loaded only then), so one that breaks the contract fails
 * loudly with the schema's own error.
 */
export async function fetchPublicConfig(fetcher: typeof fetch = fetch): Promise<PublicConfig> {
  const response = await fetcher(CONFIG_URL_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load the app configuration (HTTP ${response.status}).`);
  const body: unknown = await response.json();
  const quick = quickParsePublicConfig(body);
  if (quick) return quick;
  const { publicConfigSchema } = await import('@switchboard/api-client/contract');
  return publicConfigSchema.parse(body);
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
