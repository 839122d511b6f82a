import { and, eq, inArray, max, or } from 'drizzle-orm';
import { task } from '../../db/schema';
import type { Transaction } from '../changes';
import { AppError } from '../errors';
import { reaches } from '../graph';
import { endOfColumn } from '../ordering';
import { parseTaskKey } from '../references';

interface ProjectRef {
  id: string;
  key: string;
}

/**
 * The ids of the tasks a task waits for, named by id or key. Each must be a task of the same project,
 * never the task itself, and never one that (transitively) waits for it: such a cycle could never finish.
 */
export async function resolveBlockers(
  tx: Transaction,
  project: ProjectRef,
  references: readonly string[],
  selfId: string | null,
): Promise<string[]> {
  if (references.length === 0) return [];
  const keys = references.map((reference) => ({ reference, key: parseTaskKey(reference) }));
  const numbers = keys.flatMap(({ key }) => (key && key.projectKey === project.key ? [key.number] : []));
  const ids = keys.flatMap(({ reference, key }) => (key ? [] : [reference]));
  const rows = await tx
    .select({ id: task.id, number: task.number })
    .from(task)
    .where(
      and(
        eq(task.projectId, project.id),
        or(
          ids.length ? inArray(task.id, ids) : undefined,
          numbers.length ? inArray(task.number, numbers) : undefined,
        ),
      ),
    );
  const resolved = new Set<string>();
  const missing: string[] = [];
  for (const { reference, key } of keys) {
    const row = rows.find((candidate) =>
      key ? key.projectKey === project.key && candidate.number === key.number : candidate.id === reference,
    );
    if (row) resolved.add(row.id);
    else missing.push(reference);
  }
  if (missing.length > 0) {
    throw new AppError('TASK_NOT_FOUND', `blockedBy: ${missing.join(', ')} is not a task of this project.`, {
      missing,
    });
  }
  if (selfId !== null) await refuseCycles(tx, project.id, [...resolved], selfId);
  return [...resolved];
}

async function refuseCycles(tx: Transaction, projectId: string, blockers: string[], selfId: string) {
  if (blockers.includes(selfId)) {
    throw new AppError('VALIDATION_FAILED', 'blockedBy: a task cannot block itself', [
      { path: ['blockedBy'], message: 'a task cannot block itself' },
    ]);
  }
  const edges = await tx
    .select({ id: task.id, blockedBy: task.blockedBy })
    .from(task)
    .where(eq(task.projectId, projectId));
  const waitsFor = new Map(edges.map((edge) => [edge.id, edge.blockedBy]));
  if (reaches(blockers, selfId, (id) => waitsFor.get(id) ?? [])) {
    throw new AppError('CYCLE_NOT_ALLOWED', 'blockedBy: one of these tasks already waits for this task.', {
      blockedBy: blockers,
    });
  }
}

/** Where a card lands when no position is given: after the last card of the column. */
export async function endOfStatusColumn(
  tx: Transaction,
  projectId: string,
  statusId: string,
): Promise<number> {
  const [row] = await tx
    .select({ last: max(task.position) })
    .from(task)
    .where(and(eq(task.projectId, projectId), eq(task.statusId, statusId)));
  return endOfColumn(row?.last ?? null);
}
