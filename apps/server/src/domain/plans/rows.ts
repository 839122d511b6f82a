import type { PlanItem, PlanMessage, PlanSummary } from '@switchboard/api-client/contract';
import type { plan, planItem, planMessage } from '../../db/schema';

export type PlanRow = typeof plan.$inferSelect;
export type PlanItemRow = typeof planItem.$inferSelect;
type PlanMessageRow = typeof planMessage.$inferSelect;

export function toPlanItem(row: PlanItemRow): PlanItem {
  return {
    key: row.key,
    kind: row.kind,
    parent: row.parentKey,
    title: row.title,
    description: row.description,
    acceptanceCriteria: row.acceptanceCriteria,
    priority: row.priority,
    estimateHours: row.estimateHours,
    dependsOn: row.dependsOn,
    assignee: row.assignee,
    assigneeUserId: row.assigneeUserId,
    acceptedAs: row.acceptedAs && row.acceptedKey ? { id: row.acceptedAs, key: row.acceptedKey } : null,
  };
}

export function toPlanSummary(row: PlanRow, counts: { items: number; accepted: number }): PlanSummary {
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    summary: row.summary,
    status: row.status,
    revision: row.revision,
    author: { type: row.authorType, id: row.authorId, name: row.authorName },
    rejectionReason: row.rejectionReason,
    itemCount: counts.items,
    acceptedCount: counts.accepted,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** How many items a revision holds and how many of them became work. */
export function countsOf(items: readonly PlanItemRow[]) {
  return { items: items.length, accepted: items.filter((item) => item.acceptedAs !== null).length };
}

export function toPlanMessage(row: PlanMessageRow): PlanMessage {
  return {
    id: row.id,
    planId: row.planId,
    itemKey: row.itemKey,
    author: { type: row.authorType, id: row.authorId, name: row.authorName },
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}
