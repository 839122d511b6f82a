import type { ReportUsage, Task } from '@switchboard/api-client/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { task } from '../../db/schema';
import type { ActingContext } from '../actor';
import { runChange } from '../changes';
import { findProject } from '../projects/lookup';
import type { DomainServices } from '../services';
import { findTask, toTask } from '../tasks/views';
import { checkClaim } from './claim-guard';

/**
 * Adds what an agent spent on a task to its totals. One additive UPDATE, so reports from several
 * agents at once all count; the task's version moves like any other change.
 */
export async function reportUsage(
  services: DomainServices,
  context: ActingContext,
  input: ReportUsage,
): Promise<Task> {
  return runChange(services, context, async (tx, record, now) => {
    const { task: found } = await findTask(tx, context, input.task);
    // Another agent's usage does not go on a task someone holds (a person's report is not refused).
    checkClaim(context, found, now);
    const [row] = await tx
      .update(task)
      .set({
        inputTokens: sql`${task.inputTokens} + ${input.inputTokens}::bigint`,
        outputTokens: sql`${task.outputTokens} + ${input.outputTokens}::bigint`,
        costUsd: sql`${task.costUsd} + ${String(input.costUsd)}::numeric`,
        version: sql`${task.version} + 1`,
        updatedAt: now,
      })
      .where(eq(task.id, found.id))
      .returning();
    if (!row) throw new Error('usage update returned nothing');
    const added = {
      inputTokens: input.inputTokens,
      outputTokens: input.outputTokens,
      costUsd: input.costUsd,
    };
    await record({
      projectId: row.projectId,
      action: 'task.updated',
      entity: 'task',
      entityId: row.id,
      summary: `${context.actor.name} reported ${input.inputTokens + input.outputTokens} tokens ($${input.costUsd}) on ${row.key}`,
      data: { version: row.version, task: toTask(row, now), fields: ['usage'], added },
    });
    return toTask(row, now);
  });
}

export interface UsageTotals {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Tasks with any usage reported. */
  tasks: number;
}

/** A project's token and cost totals, summed over its tasks. */
export async function projectUsage(
  db: Database,
  context: ActingContext,
  projectId: string,
): Promise<UsageTotals> {
  const row = await findProject(db, context, projectId);
  const [totals] = await db
    .select({
      inputTokens: sql<number>`coalesce(sum(${task.inputTokens}), 0)`.mapWith(Number),
      outputTokens: sql<number>`coalesce(sum(${task.outputTokens}), 0)`.mapWith(Number),
      costUsd: sql<number>`coalesce(sum(${task.costUsd}), 0)`.mapWith(Number),
      tasks: count(
        sql`case when ${task.inputTokens} + ${task.outputTokens} > 0 or ${task.costUsd} > 0 then 1 end`,
      ),
    })
    .from(task)
    .where(eq(task.projectId, row.id));
  return totals ?? { inputTokens: 0, outputTokens: 0, costUsd: 0, tasks: 0 };
}
