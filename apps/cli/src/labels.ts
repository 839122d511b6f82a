import type { TypedApi } from '@switchboard/api-client';
import type { Task } from '@switchboard/api-client/contract';
import { UsageError } from './exit-codes';

/** commander's collector for an option that may repeat: `--label Bug --label UI`. */
export function collectRepeated(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** A task's labels for a table cell: "Bug, UI", or "-" when it has none. */
export function labelCell(task: Task): string {
  return task.labels?.map((label) => label.name).join(', ') || '-';
}

/**
 * Label names as typed on the command line, as the ids a task write takes. An unknown name is a usage
 * error naming the organization's labels, so the next try can be right.
 */
export async function labelIdsByName(api: TypedApi, names: readonly string[]): Promise<string[]> {
  const labels = (await api.labels.list()).items;
  const unknown = names.filter(
    (name) => !labels.some((label) => label.name.toLowerCase() === name.trim().toLowerCase()),
  );
  if (unknown.length > 0) {
    const known = labels.map((label) => label.name).join(', ') || 'none yet';
    throw new UsageError(
      `No label named ${unknown.map((name) => `"${name}"`).join(', ')}. Labels: ${known}.`,
    );
  }
  return names.flatMap((name) =>
    labels.filter((label) => label.name.toLowerCase() === name.trim().toLowerCase()).map((label) => label.id),
  );
}
