import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { parsingTextOnce, TYPES_DRIZZLE_READS_AS_TEXT } from './text-parsers';

type QueryOptions = Parameters<PGlite['query']>[2];

/** A stand-in PGlite that answers every statement with no rows and keeps the options it was handed. */
function recordingClient() {
  const handed: QueryOptions[] = [];
  const answer = async (_query: string, _params?: unknown[], options?: QueryOptions) => {
    handed.push(options);
    return { rows: [], fields: [], affectedRows: 0 };
  };
  const client = {
    parsers: {} as PGlite['parsers'],
    query: answer,
    exec: async () => [],
    transaction: async (callback: (tx: unknown) => Promise<unknown>) => callback({ query: answer }),
  };
  return { client: client as unknown as PGlite, handed };
}

describe('the text types parsed once on the client', () => {
  it('are exactly the types Drizzle asks to keep as text, each kept as it came', async () => {
    const { client, handed } = recordingClient();
    await drizzle(client).execute(sql`select 1`);
    await drizzle(client).select({ one: sql<number>`1` }).from(sql`(select 1) as t`);
    expect(handed).toHaveLength(2);
    for (const options of handed) {
      const parsers = options?.parsers ?? {};
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...TYPES_DRIZZLE_READS_AS_TEXT].sort());
      for (const parse of Object.values(parsers))
        expect(parse('2026-01-02 03:04:05', 0)).toBe('2026-01-02 03:04:05');
    }
  });

  it('are set on the client, and the parsers Drizzle hands with a statement never reach it', async () => {
    const { client, handed } = recordingClient();
    const db = drizzle(parsingTextOnce(client));
    await db.execute(sql`select 1`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 2`);
    });
    expect(handed).toHaveLength(2);
    for (const options of handed) expect(options).toEqual({ rowMode: 'object' });
    for (const type of TYPES_DRIZZLE_READS_AS_TEXT)
      expect(client.parsers[type]?.('1 day', type)).toBe('1 day');
  });
});
