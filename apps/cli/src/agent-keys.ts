import { ApiError } from '@switchboard/api-client/errors';
import * as z from 'zod';
import { createApiKey } from './better-auth';
import type { StoredKey } from './config';
import type { Runtime } from './context';

/** `--agent <profile>`: a profile name as the server accepts it, checked before anything is asked of it. */
export const agentNameOption = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i, 'must be an agent profile name like backend-dev')
  .optional();

export interface KeyChoice {
  stored: StoredKey;
  created: boolean;
}

/**
 * An API key for this organization (and agent): the one an earlier install stored in the user config
 * when the server still accepts it, else a new one (POST /auth/api-key/create with the login's token).
 * The server never shows a key twice, which is why the CLI keeps the ones it made. `mcp install` and
 * `work` share the slot, so the key an agent's MCP client uses is the one its work was claimed with.
 */
export async function ensureKey(
  runtime: Runtime,
  options: { organizationId: string; agent: string | undefined; projectId: string; fresh: boolean },
): Promise<KeyChoice> {
  const slot = `${runtime.server}|${options.organizationId}|${options.agent ?? ''}`;
  const existing = runtime.config.storedKey(slot);
  if (existing && !options.fresh) {
    try {
      await runtime.anonymousApi({ apiKey: existing.key }).projects.get({ projectId: options.projectId });
      return { stored: existing, created: false };
    } catch (error) {
      // Revoked, expired, or its creator left the organization: make a new one. Anything else is real.
      if (!(error instanceof ApiError) || error.code !== 'UNAUTHENTICATED') throw error;
    }
  }
  // Named after the device the login was made on (what Settings → Connected devices shows), so a
  // person can tell which computer a key belongs to; the host name only when the login has none.
  const device = runtime.credential()?.deviceName ?? runtime.env.deviceName;
  const name = `CLI ${device}${options.agent ? ` (${options.agent})` : ''}`.slice(0, 64);
  const created = await createApiKey(runtime.auth(), { name, agentName: options.agent });
  const stored: StoredKey = {
    id: created.id,
    key: created.key,
    name: created.name ?? name,
    createdAt: runtime.now().toISOString(),
  };
  runtime.config.setStoredKey(slot, stored);
  return { stored, created: true };
}
