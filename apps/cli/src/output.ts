import type * as z from 'zod';
import type { Output } from './context';
import { UsageError } from './exit-codes';

/** `--json`: one JSON document on stdout, nothing else, so scripts can pipe it. */
export function printJson(out: Output, value: unknown): void {
  out.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Columns padded to their widest cell; the last column is never padded. */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [headers, ...rows];
  const widths = headers.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  return all
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function printTable(
  out: Output,
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  empty: string,
): void {
  out.write(rows.length === 0 ? `${empty}\n` : `${formatTable(headers, rows)}\n`);
}

/** An issue's words; a choice outside a list names the list, the same way for every option. */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value' && issue.values.length > 0) {
    return `must be one of ${issue.values.map((value) => String(value)).join(', ')}`;
  }
  return issue.message;
}

/**
 * Parses a command's options (commander's output, globals included) with its zod schema: a value
 * commander cannot check (a priority, a limit) becomes a usage error, exit code 2.
 */
export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.length
    ? `--${String(issue.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
    : '';
  throw new UsageError(`${path ? `${path}: ` : ''}${issue ? messageOf(issue) : 'invalid options'}`);
}
