import { and, eq, sql } from 'drizzle-orm';
import { project } from '../db/schema';
import type { ActingContext } from './actor';
import type { Transaction } from './changes';
import { AppError } from './errors';

/**
 * Hands out the next task or work-unit number of a project. The counter's update locks the project row
 * until the transaction ends, so concurrent creators queue instead of colliding; a rolled-back creation
 * leaves a gap, never a duplicate. Also the organization check: another organization's project is 404.
 */
export async function allocateNumber(
  tx: Transaction,
  context: ActingContext,
  projectId: string,
  kind: 'task' | 'workUnit',
): Promise<{ projectKey: string; number: number }> {
  const { projectKey, first } = await allocateNumbers(tx, context, projectId, kind, 1);
  return { projectKey, number: first };
}

/**
 * Hands out `count` consecutive numbers in one step, first to first + count - 1, under the same lock
 * and organization check as a single number: a batch of creations costs one counter update, not one each.
 */
export async function allocateNumbers(
  tx: Transaction,
  context: ActingContext,
  projectId: string,
  kind: 'task' | 'workUnit',
  count: number,
): Promise<{ projectKey: string; first: number }> {
  const counter = kind === 'task' ? project.nextTaskNumber : project.nextWorkUnitNumber;
  const field = kind === 'task' ? 'nextTaskNumber' : 'nextWorkUnitNumber';
  const [row] = await tx
    .update(project)
    .set({ [field]: sql`${counter} + ${count}` })
    .where(and(eq(project.id, projectId), eq(project.organizationId, context.organizationId)))
    .returning({ projectKey: project.key, next: counter });
  if (!row) throw new AppError('PROJECT_NOT_FOUND');
  return { projectKey: row.projectKey, first: row.next - count };
}
