import { and, eq, sql } from 'drizzle-orm';
import { project } from '../db/schema';
import { AppError } from '../http/errors';
import type { ActingContext } from './actor';
import type { Transaction } from './changes';

/**
 * Hands out the next task or work-unit number of a project. The counter's update locks the project row
 * until the transaction ends, so concurrent creators queue instead of colliding; a rolled-back creation
 * leaves a gap, never a duplicate. Also the organisation check: another organisation's project is 404.
 */
export async function allocateNumber(
  tx: Transaction,
  context: ActingContext,
  projectId: string,
  kind: 'task' | 'workUnit',
): Promise<{ projectKey: string; number: number }> {
  const counter = kind === 'task' ? project.nextTaskNumber : project.nextWorkUnitNumber;
  const field = kind === 'task' ? 'nextTaskNumber' : 'nextWorkUnitNumber';
  const [row] = await tx
    .update(project)
    .set({ [field]: sql`${counter} + 1` })
    .where(and(eq(project.id, projectId), eq(project.organizationId, context.organizationId)))
    .returning({ projectKey: project.key, next: counter });
  if (!row) throw new AppError('PROJECT_NOT_FOUND');
  return { projectKey: row.projectKey, number: row.next - 1 };
}
