import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * The rows inserted into or deleted from each table since the log began, as `"<table> <INSERT|DELETE>"`
 * and a count: equal before and after a request when it added and removed no row anywhere.
 */
export type RowChanges = Record<string, number>;

/**
 * Starts logging every row inserted into or deleted from any table of a test server's database, and
 * answers a reader of the log. Triggers on each table write the log inside the change's own
 * transaction, so a change rolled back leaves no mark. Reading the log is one small query; counting
 * every table's rows instead scanned each table's files, which on the embedded database cost more
 * than the request it checked. For a server of the test's own: the triggers stay for its life.
 */
export async function logRowChanges(db: Database): Promise<() => Promise<RowChanges>> {
  await db.execute(sql`create schema row_change_log`);
  await db.execute(
    sql`create table row_change_log.change (table_name text not null, operation text not null)`,
  );
  await db.execute(sql`
    create function row_change_log.note() returns trigger language plpgsql as $$
    begin
      insert into row_change_log.change values (tg_table_name, tg_op);
      return null;
    end $$`);
  await db.execute(sql`
    do $$
    declare name text;
    begin
      for name in
        select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
      loop
        execute format(
          'create trigger row_change_log after insert or delete on public.%I for each row execute function row_change_log.note()',
          name
        );
      end loop;
    end $$`);
  return async () => {
    const result = await db.execute<{ change: string; count: string | number }>(
      sql`select table_name || ' ' || operation as change, count(*) as count from row_change_log.change group by 1`,
    );
    return Object.fromEntries(result.rows.map((row) => [row.change, Number(row.count)]));
  };
}
