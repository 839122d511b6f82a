import type { Plan, PlanStatus, PlanSummary } from '@switchboard/api-client/contract';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentProfile, plan, planItem } from '../../db/schema';
import type { ActingContext } from '../actor';
import type { Transaction } from '../changes';
import { AppError } from '../errors';
import { findProject } from '../projects/lookup';
import { authorOfRevision } from './revisions';
import { countsOf, type PlanItemRow, type PlanRow, toPlanItem, toPlanSummary } from './rows';
import { planWarnings } from './warnings';

type Executor = Database | Transaction;

/** The plan if it belongs to the caller's organization; otherwise PLAN_NOT_FOUND (never a 403). */
export async function findPlan(
  db: Executor,
  context: ActingContext,
  planId: string,
  options: { lock?: boolean } = {},
): Promise<PlanRow> {
  const query = db
    .select()
    .from(plan)
    .where(and(eq(plan.id, planId), eq(plan.organizationId, context.organizationId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('PLAN_NOT_FOUND');
  return row;
}

export async function itemRowsOf(db: Executor, planId: string, revision: number): Promise<PlanItemRow[]> {
  return db
    .select()
    .from(planItem)
    .where(and(eq(planItem.planId, planId), eq(planItem.revision, revision)))
    .orderBy(asc(planItem.position));
}

/** The organization's agent names in lower case, as the warnings compare them. */
async function knownAgentsOf(db: Executor, organizationId: string): Promise<Set<string>> {
  const rows = await db
    .select({ name: agentProfile.name })
    .from(agentProfile)
    .where(eq(agentProfile.organizationId, organizationId));
  return new Set(rows.map((row) => row.name.toLowerCase()));
}

/** A plan with the items of one revision and the advice about them. */
export async function viewPlan(
  db: Executor,
  row: PlanRow,
  revision: number = row.revision,
  currentItems?: PlanItemRow[],
): Promise<Plan> {
  const current = currentItems ?? (await itemRowsOf(db, row.id, row.revision));
  const shown = revision === row.revision ? current : await itemRowsOf(db, row.id, revision);
  const items = shown.map(toPlanItem);
  return {
    ...toPlanSummary(row, countsOf(current)),
    shownRevision: revision,
    revisionAuthor: await authorOfRevision(db, row, revision),
    items,
    warnings: planWarnings(items, await knownAgentsOf(db, row.organizationId)),
  };
}

/** One plan with its current items, or those of an earlier revision (?revision=n). */
export async function getPlan(
  db: Database,
  context: ActingContext,
  planId: string,
  revision?: number,
): Promise<Plan> {
  const row = await findPlan(db, context, planId);
  if (revision !== undefined && revision > row.revision) {
    const message = `revision: this plan has revisions 1 to ${row.revision}`;
    throw new AppError('VALIDATION_FAILED', message, [
      { code: 'custom', path: ['revision'], message: `must be 1 to ${row.revision}` },
    ]);
  }
  return viewPlan(db, row, revision);
}

/** A project's plans, newest first, each with how many items it has and how many were accepted. */
export async function listPlans(
  db: Database,
  context: ActingContext,
  projectId: string,
  filter: { status?: PlanStatus } = {},
): Promise<PlanSummary[]> {
  await findProject(db, context, projectId);
  const rows = await db
    .select()
    .from(plan)
    .where(and(eq(plan.projectId, projectId), filter.status ? eq(plan.status, filter.status) : undefined))
    .orderBy(desc(plan.createdAt), desc(plan.id));
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      planId: planItem.planId,
      revision: planItem.revision,
      items: count(),
      accepted: count(planItem.acceptedAs),
    })
    .from(planItem)
    .where(
      inArray(
        planItem.planId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(planItem.planId, planItem.revision);
  return rows.map((row) => {
    const current = counts.find((entry) => entry.planId === row.id && entry.revision === row.revision);
    return toPlanSummary(row, { items: current?.items ?? 0, accepted: current?.accepted ?? 0 });
  });
}
