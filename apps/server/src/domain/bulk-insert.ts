import { type Column, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from './changes';

/**
 * Inserts many rows in one statement with one parameter: the rows as a JSON array, unpacked by
 * jsonb_to_recordset. Drizzle's multi-row VALUES builds dozens of placeholders a row and costs about
 * a millisecond a row in JavaScript before the database sees it; this costs one JSON.stringify. Rows
 * are checked as any insert's: constraints and foreign keys apply at the end of the statement, so a
 * row may refer to one before it in the same call.
 *
 * A column some rows leave out takes its default as in VALUES, filled in here from the schema; a
 * column whose default is an SQL expression must be given by every row or by none.
 */
export async function insertRows<Table extends PgTable>(
  tx: Transaction,
  table: Table,
  rows: readonly Table['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, Column>;
  const given = Object.keys(columns).filter((field) =>
    rows.some((row) => (row as Record<string, unknown>)[field] !== undefined),
  );
  const fillers = new Map(given.map((field) => [field, fillerFor(field, columns[field] as Column)]));
  const records = rows.map((row) =>
    Object.fromEntries(
      given.map((field) => {
        const value = (row as Record<string, unknown>)[field];
        return [
          (columns[field] as Column).name,
          toJson(value === undefined ? fillers.get(field)?.() : value),
        ];
      }),
    ),
  );
  const names = sql.join(
    given.map((field) => sql.identifier((columns[field] as Column).name)),
    sql`, `,
  );
  const shapes = sql.join(
    given.map((field) => {
      const column = columns[field] as Column;
      return sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`;
    }),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as given(${shapes})`,
  );
}

/** What a row that leaves `field` out gets: the schema's default value, or null without one. */
function fillerFor(field: string, column: Column): () => unknown {
  if (column.defaultFn) {
    const make = column.defaultFn;
    return () => make();
  }
  if (!column.hasDefault) return () => null;
  if (is(column.default, SQL)) {
    return () => {
      throw new Error(`insertRows: ${field} defaults to an SQL expression; give it in every row or none`);
    };
  }
  return () => column.default;
}

function toJson(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
