import { type PGlite, types } from '@electric-sql/pglite';

/**
 * The types Drizzle's PGlite session reads from the database's text itself: timestamps, dates and
 * intervals, and arrays of them and of numerics. It asks PGlite to leave them as text by handing the
 * same parsers with every statement, and PGlite then copies its three hundred parsers into a new map
 * for that statement: about half the CPU of a short query.
 */
export const TYPES_DRIZZLE_READS_AS_TEXT: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value: string) => value;

type QueryOptions = Parameters<PGlite['query']>[2];

const withoutParsers = (options: QueryOptions): QueryOptions => {
  if (!options?.parsers) return options;
  const { parsers: _handedEveryTime, ...rest } = options;
  return rest;
};

/**
 * The client for Drizzle, its text types parsed as text once and for all: the client keeps them as
 * text, so the parsers Drizzle hands with each statement (its transactions' statements included) are
 * dropped before PGlite copies its map. Only Drizzle reads through this client.
 */
export function parsingTextOnce(client: PGlite): PGlite {
  for (const type of TYPES_DRIZZLE_READS_AS_TEXT) client.parsers[type] = asText;
  const inTransaction = (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) =>
    Object.create(tx, {
      query: {
        value: (query: string, params?: unknown[], options?: QueryOptions) =>
          tx.query(query, params, withoutParsers(options)),
      },
    }) as typeof tx;
  const once: Pick<PGlite, 'query' | 'exec' | 'transaction'> = {
    query: (query, params, options) => client.query(query, params, withoutParsers(options)),
    exec: (query, options) => client.exec(query, withoutParsers(options)),
    transaction: (callback) => client.transaction((tx) => callback(inTransaction(tx))),
  };
  return once as PGlite;
}
