import { describe, expect, it } from 'vitest';
import {
  apiKeySchema,
  apiKeyStatus,
  createApiKey,
  customExpiryBounds,
  expiryFrom,
  isoDay,
  keyHint,
  validateCreateApiKey,
} from './api-keys';

// A fixed local time: 21 Nov 2026, 10:30.
const now = new Date(2026, 10, 21, 10, 30, 0, 0);
const DAY = 24 * 60 * 60;

describe('expiryFrom', () => {
  it('never expires: no expiresIn at all', () => {
    expect(expiryFrom('never', '', now)).toEqual({ ok: true, expiresIn: null, expiresAt: null });
  });

  it('30 and 90 days become seconds', () => {
    const thirty = expiryFrom('30', '', now);
    expect(thirty).toMatchObject({ ok: true, expiresIn: 30 * DAY });
    if (thirty.ok) expect(thirty.expiresAt?.getTime()).toBe(now.getTime() + 30 * DAY * 1000);
    expect(expiryFrom('90', '', now)).toMatchObject({ ok: true, expiresIn: 90 * DAY });
  });

  it('a custom day lasts until the end of that day', () => {
    const result = expiryFrom('custom', '2026-11-23', now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.expiresAt).toEqual(new Date(2026, 10, 23, 23, 59, 59, 999));
    // 2 days, 13 h 29 min 59.999 s, rounded up to whole seconds.
    expect(result.expiresIn).toBe(2 * DAY + 13 * 3600 + 29 * 60 + 60);
  });

  it('keeps custom days inside the server’s 1–365 day bounds', () => {
    const { min, max } = customExpiryBounds(now);
    expect(min).toBe('2026-11-22');
    expect(max).toBe('2027-11-20');
    const first = expiryFrom('custom', min, now);
    const last = expiryFrom('custom', max, now);
    if (!first.ok || !last.ok) throw new Error('bounds must be valid');
    expect(first.expiresIn).toBeGreaterThanOrEqual(DAY);
    expect(last.expiresIn).toBeLessThanOrEqual(365 * DAY);
    expect(expiryFrom('custom', '2026-11-21', now)).toEqual({
      ok: false,
      error: 'Choose a day from tomorrow on.',
    });
    expect(expiryFrom('custom', '2027-11-21', now)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/at most a year/),
    });
  });

  it('asks for a day, and refuses one that does not exist', () => {
    expect(expiryFrom('custom', '', now)).toEqual({ ok: false, error: 'Choose the day it expires.' });
    expect(expiryFrom('custom', '2026-02-30', now)).toMatchObject({ ok: false });
    expect(expiryFrom('custom', 'tomorrow', now)).toMatchObject({ ok: false });
  });
});

describe('isoDay', () => {
  it('is the local calendar day', () => {
    expect(isoDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('validateCreateApiKey', () => {
  it('turns the form into create’s input', () => {
    expect(
      validateCreateApiKey({ name: ' CI bot ', agentName: 'backend-dev', expiry: '30', customDay: '' }, now),
    ).toEqual({ ok: true, input: { name: 'CI bot', agentName: 'backend-dev', expiresIn: 30 * DAY } });
    expect(
      validateCreateApiKey({ name: 'Laptop', agentName: '', expiry: 'never', customDay: '' }, now),
    ).toEqual({
      ok: true,
      input: { name: 'Laptop', agentName: undefined, expiresIn: null },
    });
  });

  it('reports every wrong field at once', () => {
    const result = validateCreateApiKey(
      { name: '', agentName: 'Not A Slug', expiry: 'custom', customDay: '' },
      now,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toBe('Is required');
    expect(result.errors.agentName).toMatch(/lower-case/);
    expect(result.errors.expiry).toBe('Choose the day it expires.');
  });
});

describe('apiKeyStatus', () => {
  it('is active, expiring within a week, expired, or disabled', () => {
    expect(apiKeyStatus({ enabled: true, expiresAt: null }, now)).toBe('active');
    expect(apiKeyStatus({ enabled: true, expiresAt: new Date(2026, 11, 30).toISOString() }, now)).toBe(
      'active',
    );
    expect(apiKeyStatus({ enabled: true, expiresAt: new Date(2026, 10, 25).toISOString() }, now)).toBe(
      'expiring',
    );
    expect(apiKeyStatus({ enabled: true, expiresAt: new Date(2026, 10, 20).toISOString() }, now)).toBe(
      'expired',
    );
    expect(apiKeyStatus({ enabled: false, expiresAt: null }, now)).toBe('disabled');
  });
});

describe('apiKeySchema', () => {
  it('reads the list entries, dates as text or Date, metadata leniently', () => {
    const parsed = apiKeySchema.parse({
      id: 'k1',
      name: 'CI',
      start: 'sb_AbCde',
      prefix: 'sb_',
      enabled: true,
      createdAt: new Date('2026-11-01T00:00:00.000Z'),
      lastRequest: null,
      expiresAt: '2026-12-01T00:00:00.000Z',
      metadata: { organizationId: 'o1', agentName: 'backend-dev' },
      extra: 'ignored',
    });
    expect(parsed.createdAt).toBe('2026-11-01T00:00:00.000Z');
    expect(parsed.metadata?.agentName).toBe('backend-dev');
    expect(apiKeySchema.parse({ ...parsed, metadata: 'garbage' }).metadata).toBeNull();
  });

  it('shows the start of a key, never more', () => {
    expect(keyHint({ start: 'sb_AbCde', prefix: 'sb_' })).toBe('sb_AbCde…');
    expect(keyHint({ start: null, prefix: 'sb_' })).toBe('sb_…');
  });
});

describe('createApiKey', () => {
  const created = {
    id: 'k1',
    name: 'Rules bot',
    start: 'sb_abc',
    key: 'sb_abcdef',
    enabled: true,
    expiresAt: null,
    createdAt: now.toISOString(),
    metadata: { organizationId: 'org', admin: true },
  };
  const clientRecording = (sent: unknown[]) =>
    ({
      apiKey: {
        create: async (body: unknown) => {
          sent.push(body);
          return { data: created, error: null };
        },
      },
    }) as unknown as Parameters<typeof createApiKey>[0];

  it('sends the admin mark and the agent in the metadata, and nothing when neither is set', async () => {
    const sent: unknown[] = [];
    const client = clientRecording(sent);
    await createApiKey(client, { name: 'Rules bot', agentName: 'backend-dev', expiresIn: null, admin: true });
    await createApiKey(client, { name: 'Laptop', expiresIn: null });
    expect(sent).toEqual([
      { name: 'Rules bot', expiresIn: null, metadata: { agentName: 'backend-dev', admin: true } },
      { name: 'Laptop', expiresIn: null },
    ]);
  });
});
