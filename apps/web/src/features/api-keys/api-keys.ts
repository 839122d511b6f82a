import { agentNameSchema } from '@switchboard/api-client/contract';
import type { AuthClient } from '@switchboard/auth/client';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { fieldErrorsFrom } from '../../lib/api';
import { unwrap } from '../../lib/auth-call';
import { retryUnlessRefused } from '../../lib/organization';

/**
 * API keys come from better-auth's api-key plugin at /api/v1/auth/api-key/*. The server
 * binds each key to the creator's active organization and, optionally, one agent profile; the list
 * holds only the active organization's keys, so the query key carries the organization.
 */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (organizationId: string) => ['api-keys', organizationId] as const,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The plugin's bounds for a key's lifetime (keyExpiration in packages/auth/src/api-keys.ts), in days. */
export const KEY_LIFETIME_DAYS = { min: 1, max: 365 } as const;

/** Dates arrive as ISO text, or as Date when the client revives them: both become ISO text. */
const dateText = z
  .union([z.string(), z.date()])
  .transform((value) => (typeof value === 'string' ? value : value.toISOString()));

const metadataSchema = z
  .object({
    organizationId: z.string().optional(),
    agentName: z.string().optional(),
    admin: z.boolean().optional(),
  })
  .nullable()
  .catch(null);

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  /** The first characters, prefix included (sb_…): enough to tell keys apart. */
  start: z.string().nullable().optional(),
  prefix: z.string().nullable().optional(),
  enabled: z.boolean().optional().default(true),
  createdAt: dateText,
  lastRequest: dateText.nullable().optional(),
  expiresAt: dateText.nullable().optional(),
  metadata: metadataSchema.optional(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** What create answers: the key itself, shown once and never again. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string().min(1) });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

const listSchema = z.union([
  z.object({ apiKeys: z.array(apiKeySchema) }).transform((value) => value.apiKeys),
  z.array(apiKeySchema),
]);

/** The keys of the active organization, newest first. */
export const apiKeysQueryOptions = (authClient: AuthClient, organizationId: string) =>
  queryOptions({
    queryKey: apiKeyKeys.list(organizationId),
    queryFn: async (): Promise<ApiKey[]> => {
      const data = await unwrap(authClient.apiKey.list());
      return listSchema.parse(data);
    },
    retry: retryUnlessRefused,
  });

export interface CreateApiKeyInput {
  name: string;
  /** The agent profile the key acts as; undefined = the creator's own name. */
  agentName?: string;
  /** Seconds until it expires; null = never. */
  expiresIn: number | null;
  /** Lists the architecture admin tools (add-design-pattern, add-rule) to the key's MCP sessions. */
  admin?: boolean;
}

export async function createApiKey(authClient: AuthClient, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const data = await unwrap(
    authClient.apiKey.create({
      name: input.name,
      expiresIn: input.expiresIn,
      ...(input.agentName || input.admin
        ? {
            metadata: {
              ...(input.agentName ? { agentName: input.agentName } : {}),
              ...(input.admin ? { admin: true } : {}),
            },
          }
        : {}),
    }),
  );
  return createdApiKeySchema.parse(data);
}

/** Revoking deletes the key: its next request fails with 401. */
export async function revokeApiKey(authClient: AuthClient, keyId: string): Promise<void> {
  await unwrap(authClient.apiKey.delete({ keyId }));
}

// ── Expiry ──

export type ExpiryChoice = 'never' | '30' | '90' | 'custom';

export const EXPIRY_CHOICES: ReadonlyArray<{ value: ExpiryChoice; label: string }> = [
  { value: 'never', label: 'Never' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'custom', label: 'Custom date' },
];

/** YYYY-MM-DD of a local calendar day. */
export function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/**
 * The days a custom expiry may fall on: tomorrow through 364 days on. A key expires at the end of its
 * day (local time), so even the last choice stays inside the server's 365-day maximum and the first
 * one above its 1-day minimum.
 */
export function customExpiryBounds(now: Date): { min: string; max: string } {
  return {
    min: isoDay(addDays(now, KEY_LIFETIME_DAYS.min)),
    max: isoDay(addDays(now, KEY_LIFETIME_DAYS.max - 1)),
  };
}

export type ExpiryResult =
  | { ok: true; expiresIn: number | null; expiresAt: Date | null }
  | { ok: false; error: string };

/** The end (23:59:59.999, local) of a YYYY-MM-DD day; null when it is not a real date. */
function endOfDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = new Date(year, month - 1, date, 23, 59, 59, 999);
  if (value.getFullYear() !== year || value.getMonth() !== month - 1 || value.getDate() !== date) return null;
  return value;
}

/** An expiry choice → seconds from `now` (what the plugin's expiresIn takes), or why it cannot be. */
export function expiryFrom(choice: ExpiryChoice, customDay: string, now: Date): ExpiryResult {
  if (choice === 'never') return { ok: true, expiresIn: null, expiresAt: null };
  if (choice === '30' || choice === '90') {
    const days = Number(choice);
    return { ok: true, expiresIn: days * 24 * 60 * 60, expiresAt: new Date(now.getTime() + days * DAY_MS) };
  }
  if (customDay.trim() === '') return { ok: false, error: 'Choose the day it expires.' };
  const at = endOfDay(customDay.trim());
  if (!at) return { ok: false, error: 'Enter a date like 2026-12-31.' };
  const { min, max } = customExpiryBounds(now);
  if (customDay < min) return { ok: false, error: 'Choose a day from tomorrow on.' };
  if (customDay > max) return { ok: false, error: 'A key can last at most a year; choose an earlier day.' };
  return { ok: true, expiresIn: Math.ceil((at.getTime() - now.getTime()) / 1000), expiresAt: at };
}

// ── Status ──

export type ApiKeyStatus = 'active' | 'expiring' | 'expired' | 'disabled';

/** Keys expiring within this long are flagged, so they can be replaced in time. */
export const EXPIRING_SOON_MS = 7 * DAY_MS;

export function apiKeyStatus(key: Pick<ApiKey, 'enabled' | 'expiresAt'>, now: Date): ApiKeyStatus {
  if (key.enabled === false) return 'disabled';
  if (key.expiresAt) {
    const left = new Date(key.expiresAt).getTime() - now.getTime();
    if (left <= 0) return 'expired';
    if (left <= EXPIRING_SOON_MS) return 'expiring';
  }
  return 'active';
}

export const API_KEY_STATUS_LABELS: Record<ApiKeyStatus, string> = {
  active: 'Active',
  expiring: 'Expires soon',
  expired: 'Expired',
  disabled: 'Disabled',
};

/** 'sb_AbC12…': what identifies a key in a list without revealing it. */
export function keyHint(key: Pick<ApiKey, 'start' | 'prefix'>): string {
  if (key.start) return `${key.start}…`;
  return key.prefix ? `${key.prefix}…` : '—';
}

// ── The create form ──

export const createApiKeyFormSchema = z.object({
  name: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
  agentName: agentNameSchema.optional(),
});

export interface CreateApiKeyForm {
  name: string;
  agentName: string;
  expiry: ExpiryChoice;
  customDay: string;
}

export type CreateApiKeyFormResult =
  | { ok: true; input: CreateApiKeyInput }
  | { ok: false; errors: Partial<Record<'name' | 'agentName' | 'expiry', string>> };

/** The form → what create takes, or the message for each field that is wrong. */
export function validateCreateApiKey(form: CreateApiKeyForm, now: Date): CreateApiKeyFormResult {
  const parsed = createApiKeyFormSchema.safeParse({
    name: form.name,
    agentName: form.agentName === '' ? undefined : form.agentName,
  });
  const errors: Partial<Record<'name' | 'agentName' | 'expiry', string>> = parsed.success
    ? {}
    : fieldErrorsFrom(parsed.error);
  const expiry = expiryFrom(form.expiry, form.customDay, now);
  if (!expiry.ok) errors.expiry = expiry.error;
  if (!parsed.success || !expiry.ok) return { ok: false, errors };
  return {
    ok: true,
    input: { name: parsed.data.name, agentName: parsed.data.agentName, expiresIn: expiry.expiresIn },
  };
}
