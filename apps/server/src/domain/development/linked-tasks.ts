import { and, asc, eq, inArray } from 'drizzle-orm';
import { task, taskPullRequest } from '../../db/schema';
import type { Transaction } from '../changes';
import type { TaskRow } from '../tasks/views';

/** The project's tasks with these numbers, locked for the change. */
export async function lockTasksByNumber(
  tx: Transaction,
  projectId: string,
  numbers: number[],
): Promise<TaskRow[]> {
  if (numbers.length === 0) return [];
  return tx
    .select()
    .from(task)
    .where(and(eq(task.projectId, projectId), inArray(task.number, numbers)))
    .orderBy(asc(task.number))
    .for('update');
}

/** The tasks a pull request is linked to, locked, in number order. */
export async function lockedLinksOf(tx: Transaction, pullRequestId: string): Promise<TaskRow[]> {
  const links = await tx
    .select({ taskId: taskPullRequest.taskId })
    .from(taskPullRequest)
    .where(eq(taskPullRequest.pullRequestId, pullRequestId));
  if (links.length === 0) return [];
  return tx
    .select()
    .from(task)
    .where(
      inArray(
        task.id,
        links.map((link) => link.taskId),
      ),
    )
    .orderBy(asc(task.number))
    .for('update');
}
