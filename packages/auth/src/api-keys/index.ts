import { apiKey } from '@better-auth/api-key';
import { API_KEY_PREFIX, API_KEY_RATE_LIMIT } from './metadata';

export {
  API_KEY_PREFIX,
  API_KEY_RATE_LIMIT,
  apiKeyMetadataOf,
  isApiKeyToken,
} from './metadata';
export { apiKeyOrganizations } from './organizations';
export { revokeKeysOf, revokeKeysOnDeparture } from './revocation';

/** The api-key plugin as Switchboard configures it. */
export function apiKeys() {
  return apiKey({
    defaultPrefix: API_KEY_PREFIX,
    // 64 random letters ≈ 365 bits; only their SHA-256 is stored.
    defaultKeyLength: 64,
    requireName: true,
    maximumNameLength: 64,
    enableMetadata: true,
    // `sb_` and five characters: enough to tell keys apart, far too little to guess one.
    startingCharactersConfig: { shouldStore: true, charactersLength: 8 },
    keyExpiration: { defaultExpiresIn: null, minExpiresIn: 1, maxExpiresIn: 365 },
    // The plugin only records the limit on each key; see API_KEY_RATE_LIMIT for who enforces it.
    rateLimit: {
      enabled: false,
      timeWindow: API_KEY_RATE_LIMIT.timeWindowMs,
      maxRequests: API_KEY_RATE_LIMIT.maxRequests,
    },
    // A key never stands in for a browser session: it cannot reach better-auth's account,
    // organization or key endpoints, only the product API (and MCP), acting as an agent.
    enableSessionForAPIKeys: false,
  });
}
