import { type Column, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from './changes';

/**
 * Inserts many rows in one statement with one parameter, the rows as a JSON array unpacked by
 * jsonb_to_recordset, and answers them as the schema types them (in no particular order). Drizzle's
 * multi-row VALUES builds dozens of placeholders a row and costs about a millisecond a row in
 * JavaScript before the database sees it; this costs one JSON.stringify. Rows are checked as any
 * insert's: constraints and foreign keys apply at the end of the statement, so a row may refer to one
 * before it in the same call.
 *
 * A column a row leaves out takes its default, as in VALUES: an SQL default (now()) when no row gives
 * the column, else the schema's default value or null. A column whose default is an SQL expression
 * must be given by every row or by none.
 */
export async function insertRows<Table extends PgTable>(
  tx: Transaction,
  table: Table,
  rows: readonly Table['$inferInsert'][],
): Promise<Table['$inferSelect'][]> {
  if (rows.length === 0) return [];
  const given = (field: string) => rows.some((row) => (row as Record<string, unknown>)[field] !== undefined);
  const columns = Object.entries(getTableColumns(table) as Record<string, Column>)
    .filter(([, column]) => !insertSkips(column))
    .map(([field, column]) => ({
      field,
      column,
      fromDatabase: !given(field) && is(column.default, SQL) ? (column.default as SQL) : undefined,
    }));
  const carried = columns.filter((entry) => entry.fromDatabase === undefined);
  const records = rows.map((row) =>
    Object.fromEntries(
      carried.map(({ field, column }) => {
        const value = (row as Record<string, unknown>)[field];
        return [column.name, toJson(value === undefined ? defaultOf(field, column) : value)];
      }),
    ),
  );
  const shapes = sql.join(
    carried.map(({ column }) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const selected = sql.join(
    columns.map(({ column, fromDatabase }) => fromDatabase ?? sql`given.${sql.identifier(column.name)}`),
    sql`, `,
  );
  const query = sql`select ${selected} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as given(${shapes})`;
  // The builder's generics do not follow a table passed as a type parameter; its rows are the table's.
  return (await tx
    .insert(table as PgTable)
    .select(query)
    .returning()) as Table['$inferSelect'][];
}

/**
 * Whether drizzle's insert leaves the column out (generated always): the selected columns must match
 * its column list one for one. Asked of drizzle itself, whose typings do not show the method.
 */
function insertSkips(column: Column): boolean {
  return (column as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert();
}

/** What a row that leaves a column out gets when other rows give it. */
function defaultOf(field: string, column: Column): unknown {
  if (column.defaultFn) return column.defaultFn();
  if (!column.hasDefault) return null;
  if (column.default === undefined || is(column.default, SQL)) {
    throw new Error(`insertRows: ${field} defaults in the database; give it in every row or none`);
  }
  return column.default;
}

function toJson(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
