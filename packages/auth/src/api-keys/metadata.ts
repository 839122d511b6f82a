import { isRecord } from '../shared/hook-context';

/** Every key starts with this, so `Authorization: Bearer sb_…` is a key, anything else a session token. */
export const API_KEY_PREFIX = 'sb_';

/**
 * better-auth's per-key default (10 requests a day) would stop an agent within a minute. A key may make
 * this many requests per fixed window; the 601st inside one minute gets 429 with Retry-After. Each key
 * stores its own limit (rateLimitMax per rateLimitTimeWindow, set from these on creation); the server
 * enforces it (apps/server auth/acting-context.ts), not the plugin, whose window restarts only after a
 * full quiet minute, so a steady agent would be cut off after its 600th request of the day.
 */
export const API_KEY_RATE_LIMIT = { timeWindowMs: 60_000, maxRequests: 600 } as const;

/** What a key's metadata holds; set by the server on creation, never changed afterwards. */
export interface ApiKeyMetadata {
  organizationId: string;
  /** The agent profile the key acts as, when it has one. */
  agentName?: string;
  /**
   * Set by an owner or admin at creation: the key's MCP sessions also list the tools that change the
   * organization's architecture rules. The key still acts with the member role everywhere else.
   */
  admin?: true;
}

/** Whether a bearer credential is an API key (they all carry the prefix; session tokens never do). */
export function isApiKeyToken(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX);
}

/** Reads a key's metadata leniently (the plugin stores it as JSON text). */
export function apiKeyMetadataOf(value: unknown): ApiKeyMetadata | null {
  let metadata = value;
  if (typeof metadata === 'string') {
    try {
      metadata = JSON.parse(metadata);
    } catch {
      return null;
    }
  }
  if (!isRecord(metadata)) return null;
  const { organizationId, agentName, admin } = metadata;
  if (typeof organizationId !== 'string' || organizationId === '') return null;
  return {
    organizationId,
    ...(typeof agentName === 'string' && agentName !== '' ? { agentName } : {}),
    ...(admin === true ? { admin } : {}),
  };
}
